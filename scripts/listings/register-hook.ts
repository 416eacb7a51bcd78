// Loaded with `node --import tsx --import ./register-hook.ts` (tsx first: the hook is
// TypeScript), in a process whose environment names a reader's listings (LISTINGS_ENV).
import { register } from "node:module";

register("./hook.ts", import.meta.url);
