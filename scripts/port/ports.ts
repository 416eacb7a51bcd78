import { gte, lt } from "semver";
import type { Port } from "./transform.ts";

/**
 * pi-ai 1.5.0 stopped exporting TypeBox's `Type`, `Static` and `TSchema`; the core's schema
 * types come from `@earendil-works/pi-schema` since. Compiled against 1.6.0's declarations,
 * all three from `typebox` leave one diagnostic (step.ts: the core's `AgentToolParams<T>`
 * is pi-schema's `Static<T>`, not TypeBox's), so `Static` comes from pi-schema; pi-schema has
 * no `Type` builder (its own builders would rewrite every schema), so `Type` and `TSchema` stay
 * TypeBox's, which pi-schema's `Static` reads.
 */
export const PORT_1_5: Port = {
  name: "the 1.5 port",
  since: "1.5.0",
  coreSince: "1.5.0",
  from: "@earendil-works/pi-ai",
  moves: { Type: "typebox", TSchema: "typebox", Static: "@earendil-works/pi-schema" },
  adapter: "pi-ai-1.5.ts",
};

/**
 * pi-ai 1.5.0 or later under an older core (a plain `npm i` of the pin brings pi-ai 1.6.0
 * with core 1.0.3): that core's `AgentToolParams<T>` is still TypeBox's `Static<T>`, so
 * pi-schema's `Static` leaves one diagnostic (step.ts, against core 1.0.3 with pi-ai
 * 1.6.0) and all three names come from `typebox`. At run time it is the 1.5 port: only
 * `Type` is a value.
 */
export const PORT_1_5_OLDER_CORE: Port = {
  name: "the 1.5 port for an older core",
  since: "1.5.0",
  coreBefore: "1.5.0",
  from: "@earendil-works/pi-ai",
  moves: { Type: "typebox", TSchema: "typebox", Static: "typebox" },
  adapter: "pi-ai-1.5.ts",
};

/** Every declared port, oldest first. */
export const PORTS: readonly Port[] = [PORT_1_5_OLDER_CORE, PORT_1_5];

/**
 * The port the book's code needs against pi-ai `aiVersion` under core `coreVersion`: the
 * newest whose `since` pi-ai has reached and whose core range holds the core, or none.
 */
export function portFor(aiVersion: string, coreVersion: string): Port | undefined {
  const inCoreRange = (port: Port) =>
    (port.coreSince === undefined || gte(coreVersion, port.coreSince)) &&
    (port.coreBefore === undefined || lt(coreVersion, port.coreBefore));
  return PORTS.filter((port) => gte(aiVersion, port.since) && inCoreRange(port)).at(-1);
}

/** The port called `name`, as a child process finds it in its environment. */
export function portNamed(name: string | undefined): Port | undefined {
  return PORTS.find((port) => port.name === name);
}

/** "the 1.5 port: Type and TSchema from typebox, Static from @earendil-works/pi-schema" */
export function describePort(port: Port): string {
  const byModule = new Map<string, string[]>();
  for (const [name, to] of Object.entries(port.moves)) byModule.set(to, [...(byModule.get(to) ?? []), name]);
  const parts = [...byModule].map(
    ([to, names]) =>
      `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`} from ${to}`,
  );
  return `${port.name}: ${parts.join(", ")}`;
}

/** The note a check's evidence ends with when it was measured through `port`. */
export function portNote(port: Port): string {
  return `; measured with ${describePort(port)}`;
}

/** Whether `evidence` carries the note of one of the declared ports. */
export function measuredThroughPort(evidence: string): boolean {
  return PORTS.some((port) => evidence.includes(`; measured with ${port.name}: `));
}

/**
 * Listings whose claims are about the code as printed: the port never touches them at run
 * time, so where the release breaks them their claim fails on the loader's message.
 * (type-export.ts reads `Type` imported from pi-ai, as the chapter prints it.)
 */
export const PRINTED_AS_IS: readonly string[] = ["examples/ch37-agent-core/demonstrations/type-export.ts"];

/**
 * The claims about the book's code as printed, not about Pi's behaviour: where a listing
 * they run does not load, they fail with the loader's message. For every other claim a
 * listing that does not load is a port that could not be made: a crash, never a verdict.
 */
export const PRINTED_CODE_CLAIMS: readonly string[] = [
  "ch37.code.listing-compiles",
  "ch38.code.listing-compiles",
  "ch37.code.type-export",
  "ch38.imports.static-tschema-from-pi-ai",
];

/** Names the port a child process applies (matrix columns, `--pi`): a {@link Port}'s name. */
export const PORT_ENV = "PI_COMPANION_PORT";
