import fc from "fast-check";
import {
  fauxAssistantMessage,
  fauxText,
  fauxToolCall,
  type AssistantMessage,
  type JsonObject,
  type ToolCall,
} from "@earendil-works/pi-ai";
import {
  abortedResponse,
  failedRequest,
  lookup,
  submit,
  Submission,
  type SubmissionValue,
} from "../../examples/ch38-typed-step/support/script.ts";

export { Submission, type SubmissionValue };

// Random scripted conversations for step(), kept as plain data so a failing one can be
// printed as code, stored as JSON and replayed. The oracle (classification-oracle.ts)
// reads this data; only toResponses() turns it into faux provider messages.

const VERDICTS = ["supported", "refuted", "unclear"] as const;

/**
 * One tool call in a scripted response. A submit records the value the core should hand
 * to `execute` (`accepted`), or `undefined` when the core should reject its arguments.
 */
export type ScriptedCall =
  | { tool: "submit"; args: JsonObject; accepted: SubmissionValue | undefined }
  | { tool: "lookup_evidence"; query: string }
  | { tool: "search_web" };

/** One scripted provider response. */
export type ScriptedResponse =
  /** A batch of tool calls, maybe with prose beside it; `truncated` stops it with "length". */
  | { kind: "calls"; calls: ScriptedCall[]; prose?: string; truncated: boolean }
  | { kind: "prose"; text: string }
  | { kind: "failed" }
  | { kind: "aborted" };

/** A whole scenario: what the model answers, request by request, and the step's bounds. */
export interface Conversation {
  responses: ScriptedResponse[];
  maxAttempts?: number;
  maxTurns?: number;
}

/** Bounds the generator draws: small, so the bounds are hit often. */
export const BOUND_RANGE = { min: 1, max: 6 } as const;

type SubmitShape =
  | { form: "valid"; verdict: (typeof VERDICTS)[number] }
  // The core converts a numeral string to the integer the schema asks for before validating.
  | { form: "numeral-serial"; verdict: (typeof VERDICTS)[number] }
  | { form: "unknown-verdict" | "missing-verdict" | "null-verdict" | "zero-serial" };

const verdictArb = fc.constantFrom(...VERDICTS);
const submitShapeArb: fc.Arbitrary<SubmitShape> = fc.oneof(
  { weight: 4, arbitrary: verdictArb.map((verdict) => ({ form: "valid" as const, verdict })) },
  { weight: 1, arbitrary: verdictArb.map((verdict) => ({ form: "numeral-serial" as const, verdict })) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(
        "unknown-verdict" as const,
        "missing-verdict" as const,
        "null-verdict" as const,
        "zero-serial" as const,
      )
      .map((form) => ({ form })),
  },
);

type CallShape = { tool: "submit"; shape: SubmitShape } | Exclude<ScriptedCall, { tool: "submit" }>;

const callShapeArb: fc.Arbitrary<CallShape> = fc.oneof(
  { weight: 5, arbitrary: submitShapeArb.map((shape) => ({ tool: "submit" as const, shape })) },
  { weight: 3, arbitrary: fc.constant({ tool: "lookup_evidence" as const, query: "release" }) },
  // Rejected by the lookup schema before execute: a failure that is not a submit.
  { weight: 1, arbitrary: fc.constant({ tool: "lookup_evidence" as const, query: "   " }) },
  { weight: 1, arbitrary: fc.constant({ tool: "search_web" as const }) },
);

type ResponseShape =
  | Exclude<ScriptedResponse, { kind: "calls" }>
  | { kind: "calls"; calls: CallShape[]; prose?: string; truncated: boolean };

const proseArb = fc.constantFrom("The release shipped.", "I am not sure yet.", "Let me check.");

const responseShapeArb: fc.Arbitrary<ResponseShape> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        kind: fc.constant("calls" as const),
        calls: fc.array(callShapeArb, { minLength: 1, maxLength: 4 }),
        prose: proseArb,
        // A response cut off by the output limit: the core fails every call in it unrun.
        truncated: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      },
      { requiredKeys: ["kind", "calls", "truncated"] },
    ),
  },
  { weight: 1, arbitrary: proseArb.map((text) => ({ kind: "prose" as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: "failed" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "aborted" as const }) },
);

function submitArgs(
  shape: SubmitShape,
  serial: number,
): Pick<Extract<ScriptedCall, { tool: "submit" }>, "args" | "accepted"> {
  switch (shape.form) {
    case "valid":
      return { args: { verdict: shape.verdict, serial }, accepted: { verdict: shape.verdict, serial } };
    case "numeral-serial":
      return { args: { verdict: shape.verdict, serial: String(serial) }, accepted: { verdict: shape.verdict, serial } };
    case "unknown-verdict":
      return { args: { verdict: "maybe", serial }, accepted: undefined };
    case "missing-verdict":
      return { args: { serial }, accepted: undefined };
    case "null-verdict":
      return { args: { verdict: null, serial }, accepted: undefined };
    case "zero-serial":
      return { args: { verdict: "supported", serial: 0 }, accepted: undefined };
  }
}

/** Numbers the submits in script order, so each carries its position. */
function numberSubmits(shapes: ResponseShape[]): ScriptedResponse[] {
  let serial = 0;
  return shapes.map((response) => {
    if (response.kind !== "calls") return response;
    const calls = response.calls.map((call): ScriptedCall =>
      call.tool === "submit" ? { tool: "submit", ...submitArgs(call.shape, ++serial) } : call,
    );
    return { ...response, calls };
  });
}

// Shrinks toward a bound of 1 (the shortest failing scripts), sometimes left to the default.
const boundArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer(BOUND_RANGE) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/**
 * Random conversations: any mix of valid, convertible and invalid submits, lookups (some
 * rejected by their schema), calls to a tool the agent does not have, prose, failed and
 * aborted requests, truncated batches; scripts shorter or longer than the run needs; and
 * random bounds (sometimes left to their defaults).
 */
export const conversationArb: fc.Arbitrary<Conversation> = fc
  .record({
    maxAttempts: boundArb,
    maxTurns: boundArb,
    responses: fc.array(responseShapeArb, { maxLength: 8 }),
  })
  .map(({ responses, maxAttempts, maxTurns }) =>
    withCodeView({ responses: numberSubmits(responses), maxAttempts, maxTurns }),
  );

// ---- From data to faux messages -------------------------------------------------------

function toToolCall(call: ScriptedCall): ToolCall {
  switch (call.tool) {
    case "submit":
      return submit(call.args);
    case "lookup_evidence":
      return lookup(call.query);
    case "search_web":
      return fauxToolCall("search_web", { query: "release" });
  }
}

/** The faux provider's script for a conversation: one message per request. */
export function toResponses(conversation: Conversation): AssistantMessage[] {
  return conversation.responses.map((response) => {
    switch (response.kind) {
      case "calls": {
        const blocks = [
          ...(response.prose === undefined ? [] : [fauxText(response.prose)]),
          ...response.calls.map(toToolCall),
        ];
        return fauxAssistantMessage(blocks, { stopReason: response.truncated ? "length" : "toolUse" });
      }
      case "prose":
        return fauxAssistantMessage(response.text);
      case "failed":
        return failedRequest();
      case "aborted":
        return abortedResponse();
    }
  });
}

// ---- As code a reader can paste -------------------------------------------------------

function callCode(call: ScriptedCall): string {
  switch (call.tool) {
    case "submit":
      return `submit(${JSON.stringify(call.args)})`;
    case "lookup_evidence":
      return `lookup(${JSON.stringify(call.query)})`;
    case "search_web":
      return `fauxToolCall("search_web", { query: "release" })`;
  }
}

function responseCode(response: ScriptedResponse): string {
  switch (response.kind) {
    case "calls": {
      const calls = response.calls.map(callCode);
      if (response.prose === undefined) return `${response.truncated ? "truncated" : "toolUse"}(${calls.join(", ")})`;
      const blocks = [`fauxText(${JSON.stringify(response.prose)})`, ...calls];
      return `fauxAssistantMessage([${blocks.join(", ")}], { stopReason: "${response.truncated ? "length" : "toolUse"}" })`;
    }
    case "prose":
      return `prose(${JSON.stringify(response.text)})`;
    case "failed":
      return "failedRequest()";
    case "aborted":
      return "abortedResponse()";
  }
}

/** The conversation as a measureStep() call a reader can paste into a test and run. */
export function conversationCode(conversation: Conversation, stepName = "step"): string {
  const options: string[] = ["extraTools: [lookupTool()]"];
  if (conversation.maxAttempts !== undefined) options.push(`maxAttempts: ${conversation.maxAttempts}`);
  if (conversation.maxTurns !== undefined) options.push(`maxTurns: ${conversation.maxTurns}`);
  const lines = conversation.responses.map((response) => `  ${responseCode(response)},`);
  return [`await measureStep(${stepName}, [`, ...lines, `], { ${options.join(", ")} }, Submission);`].join("\n");
}

/** Lets fast-check print a counterexample as code rather than as nested objects. */
export function withCodeView(conversation: Conversation): Conversation {
  Object.defineProperty(conversation, fc.toStringMethod, {
    value: () => `\n${conversationCode(conversation)}\n// as JSON: ${JSON.stringify(conversation)}`,
    enumerable: false,
  });
  return conversation;
}

// ---- Misconfigurations ----------------------------------------------------------------

/** Step options at least one of which the configuration guards must refuse. */
export interface Misconfiguration {
  maxAttempts?: number;
  maxTurns?: number;
  /** Pass an extra tool named "submit", which step() reserves. */
  submitNamedTool: boolean;
  /** A scripted model that would submit at once, were a request ever made. */
  responses: AssistantMessage[];
}

const badBoundArb = fc.constantFrom(
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 53,
  -0,
);
const anyBoundArb = fc.oneof(fc.integer(BOUND_RANGE), badBoundArb, fc.constant(undefined));

const isBadBound = (value: number | undefined): boolean =>
  value !== undefined && !(Number.isSafeInteger(value) && value >= 1);

/** Options the guards must refuse: a bound that is not a positive safe integer, or a tool named submit. */
export const misconfigurationArb: fc.Arbitrary<Misconfiguration> = fc
  .record({ maxAttempts: anyBoundArb, maxTurns: anyBoundArb, submitNamedTool: fc.boolean() })
  .filter((o) => isBadBound(o.maxAttempts) || isBadBound(o.maxTurns) || o.submitNamedTool)
  .map((o) => ({
    ...o,
    responses: [fauxAssistantMessage([submit({ verdict: "supported", serial: 1 })], { stopReason: "toolUse" })],
  }));

/** Whether the misconfiguration includes a bad bound (a RangeError) rather than only the tool name. */
export function hasBadBound(misconfiguration: Misconfiguration): boolean {
  return isBadBound(misconfiguration.maxAttempts) || isBadBound(misconfiguration.maxTurns);
}
