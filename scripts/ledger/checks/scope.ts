import { BOOK_PIN, PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { askingTypeChecker, notCheckable, staticCheck, verdictOf, type Check, type CheckResult } from "../check.ts";
import { declarations, membersOf } from "../static/declarations.ts";
import { installedPi } from "../static/installed.ts";
import { begin, once } from "../once.ts";
import { npmView } from "../../lib/npm-registry.ts";
import { listingsOf } from "../load-listing.ts";
import { codingAgentFiles, readSessionRequestHook } from "../static/coding-agent-dist.ts";

const BOOK_PIN_SPEC = `${PACKAGE_NAMES.core}@${BOOK_PIN}`;
// Started before the checks run: the registry answers while the type-check holds the loop.
const bookPinOnRegistry = once(() => npmView(BOOK_PIN_SPEC, "version"));

async function pinnedToBookRelease(): Promise<CheckResult> {
  const { core } = installedPi();
  const answer = await bookPinOnRegistry();
  const why = "how the book's observations were made is a fact about the book, not the package";
  if (core === BOOK_PIN) return notCheckable(`this run measured ${BOOK_PIN} itself, but ${why}`);
  const registry =
    answer.kind === "found"
      ? `${BOOK_PIN_SPEC} is on the registry, yet this run measured ${core}`
      : answer.kind === "not-served"
        ? `${BOOK_PIN} cannot be installed (${answer.detail}); this run measured ${core} as the nearest installable stand-in`
        : `registry not asked (${answer.detail}); this run measured ${core}`;
  return notCheckable(`${registry}; ${why}`);
}

/** What the coding agent adds and the core would export if it provided it: sessions, trust, resources, extensions, UI, built-in tools. */
export const HOST_API_MARKERS =
  /session|trust|extension|resource|loader|agents\.?md|skill|tui|terminal|render|bash|edit|write/i;

function hostTable(): CheckResult {
  const exported = [...declarations().core.keys()];
  const hostApis = exported.filter((name) => HOST_API_MARKERS.test(name));
  const sessionOption =
    exported.includes("AgentOptions") && membersOf("AgentOptions").some((m) => m.name === "sessionId");
  return verdictOf(
    hostApis.length === 0,
    `checked the table's factual half: ${PACKAGE_NAMES.core} ${installedPi().core} exports ${exported.length} names, ` +
      `${hostApis.length} of them a session, trust, resource-loader, extension, terminal-UI or built-in bash/edit/write API` +
      (hostApis.length > 0 ? ` (${hostApis.join(", ")})` : "") +
      (sessionOption ? "; AgentOptions.sessionId is a provider cache key, not a session store" : "") +
      "; the table's framing is the book's design",
  );
}

const codingAgentDist = once(() => codingAgentFiles(installedPi().core));
const replaceMessages = listingsOf(import.meta.url)(
  () => import("../../../examples/ch37-agent-core/replace-messages.ts"),
);

async function codingAgentAssignmentInert(): Promise<CheckResult> {
  const files = await codingAgentDist();
  const spec = `@earendil-works/pi-coding-agent@${installedPi().core}`;
  if (files.kind === "unavailable")
    return notCheckable(`registry tarball unavailable: ${spec} is not cached and ${files.message}`);
  const hook = readSessionRequestHook(files.dir);
  const run = await (await replaceMessages()).runReplaceUnderRequestHook();
  const read =
    `read from ${spec}'s dist/ (${files.source === "cached" ? "cached" : "fetched with npm pack"}), not run: it asks for Node ${hook.engines ?? "?"}, ` +
    `this ledger runs on ${process.versions.node}` +
    `. AgentSession's constructor installs the request projection ${hook.installedByConstructor}; it assigns agent.prepareRequest ${hook.assignsPrepareRequest}; ` +
    `the request's messages are sessionManager.buildSessionProjection().messages ${hook.messagesFromSessionProjection}; the hook reads agent.state.messages ${hook.readsStateMessages}`;
  const ran =
    `run in the core (${PACKAGE_NAMES.core} ${installedPi().core}): an Agent whose prepareRequest replaces the messages with the host's own record, ` +
    `agent.state.messages assigned while idle: the next request's user texts ${run.nextRequestUserTexts.map((t) => `"${t}"`).join(", ")}, the assignment sent ${run.carriesRestored}`;
  return verdictOf(
    hook.installedByConstructor &&
      hook.assignsPrepareRequest &&
      hook.messagesFromSessionProjection &&
      !hook.readsStateMessages &&
      run.idleAtReplacement &&
      !run.carriesRestored,
    `${read}; ${ran}`,
  );
}

/** Claims about the book itself, another chapter's subsystem, or the book's own design. */
export const scopeChecks: Check[] = [
  { id: "meta.pinned-1.0.4", start: () => begin(bookPinOnRegistry), run: pinnedToBookRelease },
  { id: "ch37.coding-agent.assignment-inert", start: () => begin(codingAgentDist), run: codingAgentAssignmentInert },
  askingTypeChecker(staticCheck("ch37.host-table", hostTable)),
];
