import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The companion's root (package.json, tsconfig.json). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Installs of Pi releases, one folder per matrix column; gitignored, reused across runs. */
export const RELEASES_CACHE = join(ROOT, ".cache", "pi-releases");

/** Where appendix B is written. */
export const APPENDIX_DIR = join(ROOT, "appendix");
