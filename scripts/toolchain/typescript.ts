import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";

const require = createRequire(import.meta.url);
const { loadProjectTypeScript } = require("./typescript-code-cache.cjs") as {
  loadProjectTypeScript: (file: string, projectRoot: string, cacheDir: string | undefined) => typeof ts;
};

/**
 * Where V8's compiled code for typescript.js is kept between the project's processes:
 * .cache/typescript-code, or PI_COMPANION_TYPESCRIPT_CODE_CACHE's directory; undefined for `off`.
 */
export function typescriptCodeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.PI_COMPANION_TYPESCRIPT_CODE_CACHE;
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? resolve(chosen) : join(PROJECT_ROOT, ".cache", "typescript-code");
}

let loaded: typeof ts | undefined;
const load = (): typeof ts =>
  (loaded ??= loadProjectTypeScript(require.resolve("typescript"), PROJECT_ROOT, typescriptCodeCacheDir()));

/**
 * The TypeScript compiler API (values; import its types with `import type ts from "typescript"`).
 * Loaded as require() would, with the variance store hooked in (typescript-variances.cjs) and
 * compiled from V8's code cache in {@link typescriptCodeCacheDir} (typescript-code-cache.cjs):
 * Node 20 keeps no compiled code between processes, and the suite starts a hundred that
 * compile typescript.js's 9 MB. Under tsx, an ES import of that CommonJS file passes through
 * the loader hooks and costs the ledger about 75 MB more memory. Loaded on first use:
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
