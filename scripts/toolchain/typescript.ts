import { createRequire } from "node:module";
import type ts from "typescript";

let loaded: typeof ts | undefined;
const load = (): typeof ts => (loaded ??= createRequire(import.meta.url)("typescript") as typeof ts);

/**
 * The TypeScript compiler API (values; import its types with `import type ts from "typescript"`).
 * Loaded by require: under tsx, an ES import of typescript's 9 MB CommonJS file passes
 * through the loader hooks and costs the ledger about 75 MB more memory. Loaded on first use:
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
