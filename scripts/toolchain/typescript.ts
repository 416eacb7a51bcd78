import { createRequire } from "node:module";
import type ts from "typescript";

/**
 * The TypeScript compiler API (values; import its types with `import type ts from "typescript"`).
 * Loaded by require: under tsx, an ES import of typescript's 9 MB CommonJS file passes
 * through the loader hooks and costs the ledger about 75 MB more memory.
 */
export const typescript: typeof ts = createRequire(import.meta.url)("typescript");
