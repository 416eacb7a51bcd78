import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";

const require = createRequire(import.meta.url);
const { loadTypeScriptFrom, varianceStoreFor } = require("./typescript-variances.cjs") as {
  loadTypeScriptFrom: (file: string, source: string) => typeof ts;
  varianceStoreFor: (
    file: string,
    projectRoot: string,
  ) => { source: string; install: (loaded: typeof ts) => unknown } | undefined;
};
const { loadTypeScriptWithCodeCache } = require("./typescript-code-cache.cjs") as {
  loadTypeScriptWithCodeCache: (
    file: string,
    cacheDir: string,
    source?: string,
  ) => { exports: typeof ts; fromCache: boolean; keep: () => void };
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
function load(): typeof ts {
  if (loaded !== undefined) return loaded;
  const file = require.resolve("typescript");
  const hooked = varianceStoreFor(file, PROJECT_ROOT);
  const cacheDir = typescriptCodeCacheDir();
  if (cacheDir === undefined) {
    const plain = hooked === undefined ? (require(file) as typeof ts) : loadTypeScriptFrom(file, hooked.source);
    hooked?.install(plain);
    return (loaded = plain);
  }
  const code = loadTypeScriptWithCodeCache(file, cacheDir, hooked?.source);
  hooked?.install(code.exports);
  // Written once, by a process that found no usable cache, with what it compiled by its end.
  process.once("exit", () => code.keep());
  return (loaded = code.exports);
}

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
