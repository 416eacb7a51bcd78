// Loaded with `node --import tsx --import ./register-hook.ts` (tsx first: the hook is
// TypeScript), in a process whose environment names a reader's listings (LISTINGS_ENV).
import { register } from "node:module";
import { dataFromEnvironment } from "./hook.ts";

register("./hook.ts", { parentURL: import.meta.url, data: dataFromEnvironment() });
