import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Installs of Pi releases, one folder per matrix column; gitignored, reused across runs. */
export const RELEASES_CACHE = join(PROJECT_ROOT, ".cache", "pi-releases");
