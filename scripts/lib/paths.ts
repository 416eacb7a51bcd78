import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The companion's root: where package.json and tsconfig.json live. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

/** Where the appendices (A to D and the verdicts at the pin) are written. */
export const APPENDIX_DIR = join(PROJECT_ROOT, "appendix");
