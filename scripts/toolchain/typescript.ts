import { createRequire } from "node:module";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";

const require = createRequire(import.meta.url);
const { loadTypeScriptWithVarianceStore } = require("./typescript-variances.cjs") as {
  loadTypeScriptWithVarianceStore: (file: string, projectRoot: string) => { ts: typeof ts };
};

let loaded: typeof ts | undefined;
const load = (): typeof ts =>
  (loaded ??= loadTypeScriptWithVarianceStore(require.resolve("typescript"), PROJECT_ROOT).ts);

/**
 * The TypeScript compiler API (values; import its types with `import type ts from "typescript"`).
 * Loaded as require() would, with the variance store hooked in (typescript-variances.cjs):
 * under tsx, an ES import of typescript's 9 MB CommonJS file passes through the loader hooks
 * and costs the ledger about 75 MB more memory. Loaded on first use:
 * a command that only answers `--help` or refuses an option never reads it (1.5 to 2 CPU-s).
 */
export const typescript: typeof ts = new Proxy({} as typeof ts, {
  get: (_target, key) => Reflect.get(load(), key),
  has: (_target, key) => Reflect.has(load(), key),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
    return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
  },
});
