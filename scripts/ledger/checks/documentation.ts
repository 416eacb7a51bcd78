import { PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { askingTypeChecker, staticCheck, verdictOf, type Check, type CheckResult } from "../check.ts";
import { failsWhenListingDoesNotLoad, listingsOf } from "../load-listing.ts";
import { counterexampleCheck } from "./counterexample-check.ts";
import { declarations, documentationOf, membersOf } from "../static/declarations.ts";
import { installedPi } from "../static/installed.ts";
import { collapseWhitespace, locate, normaliseDocument, packageReadme } from "../static/readme.ts";

/** Where the book says the package documents something, and the words it relies on. */
export type DocumentSource =
  /** A sentence of the installed README; `verbatim` when the book quotes it word for word. */
  | { in: "README"; words: string; verbatim?: boolean }
  /** The doc comment of a member of an exported type of the core's declarations. */
  | { in: "declaration"; type: string; member: string; words: string };

/** A documented claim: every source must be found in the installed package. */
export interface DocumentedClaim {
  id: string;
  sources: DocumentSource[];
  /** Anything else a reviewer should know about how the words were matched. */
  note?: string;
}

function abbreviate(words: string): string {
  const flat = collapseWhitespace(words);
  return flat.length <= 70 ? flat : `${flat.slice(0, 67)}…`;
}

interface Finding {
  found: boolean;
  where: string;
}

function findSource(source: DocumentSource): Finding {
  const { dirs } = installedPi();
  if (source.in === "README") {
    const readme = packageReadme(dirs.core);
    const { line } = locate(readme.normalised, source.words);
    const verbatimOk =
      source.verbatim !== true || collapseWhitespace(readme.raw).includes(collapseWhitespace(source.words));
    const found = line !== undefined && verbatimOk;
    const where =
      line === undefined
        ? "README.md (absent)"
        : verbatimOk
          ? `README.md:${line}`
          : `README.md:${line} (not word for word)`;
    return { found, where: `${where} "${abbreviate(source.words)}"` };
  }
  const label = `${source.type}.${source.member} doc`;
  if (!declarations().core.has(source.type)) return { found: false, where: `${label} (no export ${source.type})` };
  const member = membersOf(source.type).find((m) => m.name === source.member);
  if (member === undefined) return { found: false, where: `${label} (no such member)` };
  const doc = documentationOf(member.symbol);
  const found = locate(normaliseDocument(doc), source.words).line !== undefined;
  return { found, where: `${label}${found ? "" : " (absent)"} "${abbreviate(found ? doc : source.words)}"` };
}

/** Checks that every source of a documented claim is present in the installed core. */
export function documentedCheck(claim: DocumentedClaim): Check {
  return staticCheck(claim.id, (): CheckResult => {
    const findings = claim.sources.map(findSource);
    const evidence =
      `${PACKAGE_NAMES.core} ${installedPi().core}: ${findings.map((f) => f.where).join("; ")}` +
      (claim.note !== undefined ? `; ${claim.note}` : "");
    if (!findings.every((f) => f.found)) return verdictOf(false, evidence);
    return verdictOf(true, evidence);
  });
}

const BEFORE_TOOL_CALL_AFTER_VALIDATION =
  "The `beforeToolCall` hook runs after `tool_execution_start` and validated argument parsing.";

/** The words of the installed README and declarations each documented claim relies on. */
export const DOCUMENTED_CLAIMS: DocumentedClaim[] = [
  {
    id: "ch37.doc.parallel-default",
    sources: [
      { in: "README", words: "`parallel` (default)" },
      {
        in: "README",
        words:
          'If any tool call in a batch targets a tool with `executionMode: "sequential"`, the entire batch executes sequentially regardless of the global setting.',
      },
    ],
  },
  {
    id: "ch37.doc.listeners-awaited",
    sources: [
      { in: "README", words: "`Agent.subscribe()` listeners are awaited in registration order." },
      { in: "README", words: "`await agent.prompt(...)` only settle after awaited `agent_end` listeners finish." },
    ],
  },
  {
    id: "ch37.doc.throw-to-fail",
    sources: [
      {
        in: "README",
        words: "Thrown errors are caught by the agent and reported to the LLM as tool errors with `isError: true`.",
      },
    ],
  },
  {
    id: "ch37.doc.iserror-channel-quote",
    sources: [
      { in: "declaration", type: "AgentToolResult", member: "isError", words: "Report a failure without throwing." },
    ],
    note: 'the book\'s quote begins "to report…": the leading "to" is the book\'s grammar, the rest is the declaration\'s wording',
  },
  {
    id: "ch37.doc.agentloop-quote",
    sources: [
      {
        in: "README",
        words: "do not wait for your async event handling to settle before later producer phases continue",
        verbatim: true,
      },
    ],
  },
  {
    id: "ch37.doc.message_end-barrier",
    sources: [
      {
        in: "README",
        words:
          "When you use the `Agent` class, assistant `message_end` processing is treated as a barrier before tool preflight begins.",
      },
    ],
  },
  {
    id: "ch37.doc.steer-followup",
    sources: [
      { in: "README", words: "Steering messages let you interrupt the agent while tools are running." },
      { in: "README", words: "Follow-up messages let you queue work after the agent would otherwise stop." },
      { in: "README", words: 'Steering mode: "one-at-a-time" (default) or "all"' },
      { in: "README", words: 'Follow-up mode: "one-at-a-time" (default) or "all"' },
    ],
  },
  {
    id: "ch37.doc.state-messages-assign",
    sources: [
      {
        in: "README",
        words:
          "Assigning `agent.state.tools = [...]` or `agent.state.messages = [...]` copies the top-level array before storing it.",
      },
    ],
  },
  {
    id: "ch38.doc.validation-before-hook",
    sources: [
      { in: "README", words: BEFORE_TOOL_CALL_AFTER_VALIDATION },
      {
        in: "declaration",
        type: "AgentLoopConfig",
        member: "beforeToolCall",
        words: "Called before a tool is executed, after arguments have been validated.",
      },
    ],
  },
  {
    id: "ch38.doc.terminate-every-finalized",
    // The quote alone is also in a code comment of the README's example (line 477 at 1.0.3): a README
    // whose prose rule became "any" would keep it there. Both prose statements of the rule must stand too.
    sources: [
      { in: "README", words: "every finalized tool result in the batch", verbatim: true },
      {
        in: "README",
        words: "The loop only stops early when every finalized tool result in that batch sets `terminate: true`.",
      },
      {
        in: "README",
        words: "This only takes effect when every finalized tool result in the batch is terminating.",
      },
    ],
  },
  {
    id: "ch38.doc.abort",
    sources: [
      { in: "README", words: "agent.abort(); // Cancel current operation" },
      { in: "declaration", type: "Agent", member: "abort", words: "Abort the current run, if one is active." },
    ],
    note: 'the declaration adds "if one is active": with no run there is no current operation to cancel',
  },
  {
    id: "ch38.validation.before-beforeToolCall",
    sources: [
      { in: "README", words: BEFORE_TOOL_CALL_AFTER_VALIDATION },
      { in: "README", words: "Preflight each tool call after args are validated." },
      {
        in: "declaration",
        type: "AgentTool",
        member: "prepareArguments",
        words: "Optional compatibility shim for raw tool-call arguments before schema validation.",
      },
    ],
    note: "the README names validation; preparation (prepareArguments, before validation) is documented in the declaration, not the README",
  },
];

/** One check per documented claim. */
export const documentationChecks: Check[] = [
  ...DOCUMENTED_CLAIMS.map((claim) => askingTypeChecker(documentedCheck(claim))),
  // The README's sentence carries its own condition: its counterexample reads it and runs both cases.
  failsWhenListingDoesNotLoad(
    counterexampleCheck(
      "ch37.doc.system-message-head",
      listingsOf(import.meta.url)(
        () => import("../../../examples/ch37-agent-core/counterexamples/ch37.doc.system-message-head.ts"),
      ),
    ),
  ),
];
