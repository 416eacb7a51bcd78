import { PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { askingTypeChecker, staticCheck, verdictOf, type Check, type CheckResult } from "../check.ts";
import {
  baseTypesOf,
  declarations,
  discriminantsOf,
  exportKind,
  memberType,
  membersOf,
  packageOfDeclaration,
  signatureShape,
  stringLiteralsOf,
  type Member,
} from "../static/declarations.ts";
import { installedPi } from "../static/installed.ts";
import { failsWhenListingDoesNotLoad, listingsOf } from "../load-listing.ts";
import { counterexampleCheck } from "./counterexample-check.ts";

function where(): string {
  return `${PACKAGE_NAMES.core} ${installedPi().core} declarations`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function names(members: readonly Member[]): string {
  return members.map((m) => m.name).join(", ") || "none";
}

function agentTool(): { own: Member[]; inherited: Member[] } {
  const members = membersOf("AgentTool");
  return {
    own: members.filter((m) => m.declaredIn === "AgentTool"),
    inherited: members.filter((m) => m.declaredIn !== "AgentTool"),
  };
}

function agentToolExtendsTool(): CheckResult {
  const bases = baseTypesOf("AgentTool");
  const { own, inherited } = agentTool();
  const ownRequired = own.filter((m) => !m.optional);
  const extendsTool = bases.some((b) => b.name === "Tool" && b.pkg === PACKAGE_NAMES.ai);
  return verdictOf(
    extendsTool &&
      sameSet(
        ownRequired.map((m) => m.name),
        ["label", "execute"],
      ),
    `${where()}: AgentTool extends ${bases.map((b) => `${b.name} (${b.pkg})`).join(", ") || "nothing"}; ` +
      `required additions: ${names(ownRequired)}; inherited from Tool: ${names(inherited.filter((m) => !m.optional))} required, ${names(inherited.filter((m) => m.optional))} optional`,
  );
}

function agentToolFourOptional(): CheckResult {
  const { own, inherited } = agentTool();
  const ownOptional = own.filter((m) => m.optional);
  const inheritedOptional = inherited.filter((m) => m.optional);
  return verdictOf(
    sameSet(
      ownOptional.map((m) => m.name),
      ["prepareArguments", "executionMode", "outputSchema", "replay"],
    ),
    `${where()}: AgentTool declares ${ownOptional.length} optional fields (${names(ownOptional)})` +
      (inheritedOptional.length > 0
        ? `; Tool adds ${inheritedOptional.length} more optional by inheritance (${names(inheritedOptional)})`
        : ""),
  );
}

function executeSignature(): CheckResult {
  const execute = membersOf("AgentTool").find((m) => m.name === "execute");
  const shape = execute === undefined ? undefined : signatureShape(memberType(execute));
  if (shape === undefined) return verdictOf(false, `${where()}: AgentTool has no callable execute`);
  const written = shape.parameters.map((p) => `${p.name}${p.optional ? "?" : ""}`);
  const expected = ["toolCallId", "params", "signal?", "onUpdate?"];
  return verdictOf(
    written.join() === expected.join() &&
      shape.returnName === "Promise" &&
      shape.returnArguments.join() === "AgentToolResult",
    `${where()}: execute(${written.join(", ")}) => ${shape.returnName}<${shape.returnArguments.join(", ")}>`,
  );
}

function replayNeverSafe(): CheckResult {
  const replay = membersOf("AgentTool").find((m) => m.name === "replay");
  const literals = replay === undefined ? [] : stringLiteralsOf(memberType(replay));
  return verdictOf(
    replay !== undefined && sameSet(literals, ["never", "safe"]),
    replay === undefined
      ? `${where()}: AgentTool has no replay field`
      : `${where()}: replay${replay.optional ? "?" : ""}: ${literals.map((l) => `"${l}"`).join(" | ")}`,
  );
}

async function eventNames(): Promise<CheckResult> {
  // The book's list is a chapter module without Pi imports, so it loads against any release;
  // imported here, like every chapter module, only when the check runs.
  const book: readonly string[] = (await import("../../../examples/ch37-agent-core/support/book-event-names.ts"))
    .BOOK_EVENT_NAMES;
  const declared = discriminantsOf("AgentEvent");
  const missing = book.filter((n) => !declared.includes(n));
  const extra = declared.filter((n) => !book.includes(n));
  return verdictOf(
    missing.length === 0 && extra.length === 0,
    `${where()}: AgentEvent declares ${declared.length} types (${declared.join(", ")}); missing ${missing.join(", ") || "none"}; extra ${extra.join(", ") || "none"}`,
  );
}

const CODING_AGENT_EVENTS = ["agent_before_settle", "agent_settled"] as const;

function noAgentSettled(): CheckResult {
  const declared = discriminantsOf("AgentEvent");
  const present = CODING_AGENT_EVENTS.filter((n) => declared.includes(n));
  const exported = [...declarations().core.keys()].filter((n) => /settle/i.test(n));
  return verdictOf(
    present.length === 0,
    `${where()}: ${CODING_AGENT_EVENTS.join(", ")} ${present.length === 0 ? "absent from" : `present in`} the ${declared.length}-member AgentEvent union` +
      (present.length > 0 ? ` (${present.join(", ")})` : "") +
      `; exports naming "settle": ${exported.join(", ") || "none"}`,
  );
}

function exportedFunction(name: string, expectedParameters: readonly string[]): CheckResult {
  const symbol = declarations().core.get(name);
  if (symbol === undefined) return verdictOf(false, `${where()}: index.d.ts exports no ${name}`);
  const kind = exportKind(symbol);
  const shape = signatureShape(declarations().checker.getTypeOfSymbol(symbol));
  const parameters = shape?.parameters.map((p) => p.name) ?? [];
  return verdictOf(
    kind === "function" && parameters.join() === expectedParameters.join(),
    `${where()}: index.d.ts exports ${kind} ${name}${shape?.text ?? ""}`,
  );
}

function staticTypeImports(): CheckResult {
  const wanted = ["Model", "Models", "Static", "TSchema"];
  const { ai } = declarations();
  const found = wanted.map((name) => {
    const symbol = ai.get(name);
    return { name, symbol, from: symbol === undefined ? "absent" : packageOfDeclaration(symbol) };
  });
  const missing = found.filter((f) => f.symbol === undefined).map((f) => f.name);
  return verdictOf(
    missing.length === 0,
    `${PACKAGE_NAMES.ai} ${installedPi().ai} index.d.ts exports ${found
      .filter((f) => f.symbol !== undefined)
      .map((f) => `${f.name} (${exportKind(f.symbol!)}, declared in ${f.from})`)
      .join(", ")}; missing: ${missing.join(", ") || "none"}`,
  );
}

/** A property that would bound turns or attempts: a max/limit of turns, attempts, iterations, steps or tool calls. */
export function isLoopBound(name: string): boolean {
  return /max|limit/i.test(name) && /turn|attempt|iteration|step|toolcall/i.test(name);
}

function boundsNotInPi(): CheckResult {
  const scanned = ["AgentOptions", "AgentLoopConfig"] as const;
  const properties = scanned.flatMap((type) => membersOf(type).map((m) => ({ type, name: m.name })));
  const bounds = properties.filter((p) => isLoopBound(p.name));
  const limits = [...new Set(properties.filter((p) => /max|limit|timeout/i.test(p.name)).map((p) => p.name))];
  return verdictOf(
    bounds.length === 0,
    `${where()}: ${scanned.join(" and ")} (inherited options included) have ${bounds.length} turn/attempt bounds` +
      (bounds.length > 0 ? ` (${bounds.map((b) => `${b.type}.${b.name}`).join(", ")})` : "") +
      `; their limits are ${limits.join(", ") || "none"}, which bound tokens, retries and time, not turns or submit attempts`,
  );
}

const hostStreamFns = listingsOf(import.meta.url)(
  () => import("../../../examples/ch37-agent-core/demonstrations/host-stream-fns.ts"),
);

/** A declared export whose sentence promises behaviour: the declaration, then a run of that behaviour. */
async function exportedAndRun(declared: CheckResult, run: () => Promise<CheckResult>): Promise<CheckResult> {
  if (declared.verdict !== "holds") return declared;
  const ran = await run();
  return { verdict: ran.verdict, evidence: `${declared.evidence}; ${ran.evidence}` };
}

/**
 * A declaration check that needs these core exports. A release without one of them
 * measures `fails` (the claim's subject is gone), not a crash.
 */
function declarationCheck(
  id: string,
  needs: readonly string[],
  measure: () => CheckResult | Promise<CheckResult>,
): Check {
  return {
    id,
    run: async () => {
      const missing = needs.filter((name) => !declarations().core.has(name));
      return missing.length > 0
        ? verdictOf(false, `${where()}: index.d.ts exports no ${missing.join(", ")}`)
        : measure();
    },
  };
}

const checks: Check[] = [
  declarationCheck("ch37.types.agenttool-extends-tool", ["AgentTool"], agentToolExtendsTool),
  declarationCheck("ch37.types.agenttool-four-optional", ["AgentTool"], agentToolFourOptional),
  declarationCheck("ch37.types.execute-signature", ["AgentTool"], executeSignature),
  declarationCheck("ch37.types.replay-never-safe", ["AgentTool"], replayNeverSafe),
  declarationCheck("ch37.events.names", ["AgentEvent"], eventNames),
  declarationCheck("ch37.events.no-agent-settled", ["AgentEvent"], noAgentSettled),
  failsWhenListingDoesNotLoad(
    counterexampleCheck(
      "ch37.exports.setDefaultStreamFn",
      listingsOf(import.meta.url)(
        () => import("../../../examples/ch37-agent-core/counterexamples/ch37.exports.setDefaultStreamFn.ts"),
      ),
    ),
  ),
  failsWhenListingDoesNotLoad({
    id: "ch37.exports.streamProxy",
    run: () =>
      exportedAndRun(exportedFunction("streamProxy", ["model", "context", "options"]), async () => {
        const run = await (await hostStreamFns()).runThroughProxy();
        const reached = run.requests.filter((r) => r.path === "/api/stream" && r.carriesPrompt && r.bearer);
        return verdictOf(
          reached.length === 1 && run.stopReason === "stop" && run.answer !== "",
          `run: an Agent whose streamFn calls streamProxy with a server on 127.0.0.1 as proxyUrl: the server received ${run.requests.map((r) => `${r.path} (prompt ${r.carriesPrompt}, bearer token ${r.bearer})`).join(", ") || "nothing"}; ` +
            `the transcript records its streamed answer "${run.answer}" (${run.stopReason})`,
        );
      }),
  }),
  staticCheck("ch38.imports.static-tschema-from-pi-ai", staticTypeImports),
  declarationCheck("ch38.bounds.not-in-pi", ["AgentOptions", "AgentLoopConfig"], boundsNotInPi),
];

/** The claims read from the core's and pi-ai's declarations with the TypeScript checker. */
export const declaredTypeChecks: Check[] = checks.map(askingTypeChecker);
