// Loaded with `node --import tsx --import ./register-release-hook.ts`: tsx must be
// registered first, because the hook module itself is TypeScript.
import { register } from "node:module";

register("./release-hook.ts", import.meta.url);
