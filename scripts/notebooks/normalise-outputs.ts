import { joinText, splitLines, type MultilineText, type Output } from "../chapters/notebook-file.ts";

/**
 * One rewrite of output text that varies from run to run. Each is narrow: it names the
 * field or format that varies, so an unintended change in a value still shows as drift.
 */
export interface NormalisationRule {
  name: string;
  pattern: RegExp;
  replacement: string;
}

export const NORMALISATION_RULES: readonly NormalisationRule[] = [
  {
    // The faux provider names tool calls `tool:<Date.now()>:<random base 36>`.
    name: "faux tool-call id",
    pattern: /\btool:\d{10,}:[0-9a-z]+\b/g,
    replacement: "tool:<id>",
  },
  {
    name: "UUID",
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    replacement: "<uuid>",
  },
  {
    name: "ISO 8601 date-time",
    pattern: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g,
    replacement: "<date-time>",
  },
  {
    // Messages carry `timestamp: Date.now()`, printed by util.inspect or JSON.
    name: "timestamp field",
    pattern: /(\btimestamp["']?\s*[:=]\s*)\d{10,}/g,
    replacement: "$1<timestamp>",
  },
  {
    // `durationMs`, `elapsedMs`, `duration` … printed by util.inspect or JSON.
    name: "duration field",
    pattern: /(\b\w*(?:[dD]uration|[eE]lapsed)\w*["']?\s*[:=]\s*)\d+(?:\.\d+)?/g,
    replacement: "$1<duration>",
  },
  {
    // The faux provider streams text in randomly sized chunks, so the number of
    // message_update events changes from run to run.
    name: "message_update count",
    pattern: /(\bmessage_update["']?\s*(?:[:=]|×|x)\s*)\d+/g,
    replacement: "$1<n>",
  },
];

/** Replaces the absolute path of this checkout, which differs from reader to reader. */
function withoutCheckoutPath(text: string, projectRoot: string): string {
  return text.replaceAll(projectRoot, "<project>");
}

export function normaliseText(text: string, projectRoot: string): string {
  let result = withoutCheckoutPath(text, projectRoot);
  for (const rule of NORMALISATION_RULES) result = result.replace(rule.pattern, rule.replacement);
  return result;
}

function normaliseMultiline(text: MultilineText, projectRoot: string): string[] {
  return splitLines(normaliseText(joinText(text), projectRoot));
}

function normaliseData(data: Record<string, unknown>, projectRoot: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([mime, value]) => [
      mime,
      typeof value === "string" || Array.isArray(value) ? normaliseMultiline(value as MultilineText, projectRoot) : value,
    ]),
  );
}

/**
 * Outputs as they are stored: consecutive stream writes merged (how many writes a print
 * takes is not part of the output), text split into lines, the rules above applied, and
 * no execution counts.
 */
export function normaliseOutputs(outputs: readonly Output[], projectRoot: string): Output[] {
  const result: Output[] = [];
  for (const output of outputs) {
    const previous = result.at(-1);
    if (output.output_type === "stream" && previous?.output_type === "stream" && previous.name === output.name) {
      previous.text = joinText(previous.text) + joinText(output.text);
      continue;
    }
    result.push(structuredClone(output));
  }
  return result.map((output): Output => {
    switch (output.output_type) {
      case "stream":
        return { output_type: "stream", name: output.name, text: normaliseMultiline(output.text, projectRoot) };
      case "display_data":
        return { output_type: "display_data", data: normaliseData(output.data, projectRoot), metadata: output.metadata };
      case "execute_result":
        return { output_type: "execute_result", data: normaliseData(output.data, projectRoot), metadata: output.metadata, execution_count: null };
      case "error":
        return {
          output_type: "error",
          ename: output.ename,
          evalue: normaliseText(output.evalue, projectRoot),
          traceback: output.traceback.map((line) => normaliseText(line, projectRoot)),
        };
    }
  });
}
