import { fileURLToPath } from "node:url";
import { PACKAGE_NAMES } from "./pin.ts";
import { importsAtRunTime } from "./runtime-specifiers.ts";

const PI = [PACKAGE_NAMES.core, PACKAGE_NAMES.ai];
const isPi = (specifier: string) => PI.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const decided = new Map<string, boolean>();

/**
 * Whether the module at `file` runs Pi's code when it is loaded and used: it, or a module it
 * reaches through relative imports, imports @earendil-works/pi-agent-core or pi-ai at run
 * time. A module that only type-checks listings, or reads files, imports no Pi value.
 */
export function modulePullsInPi(file: string): boolean {
  return importsAtRunTime(file, isPi, decided);
}

/** The modules (file URLs) among `urls` that run Pi's code, in the order given. */
export function piRunningModules(urls: Iterable<string>): string[] {
  return [...urls].filter((url) => url.startsWith("file:") && modulePullsInPi(fileURLToPath(url)));
}
