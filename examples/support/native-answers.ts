import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// TypeScript 7's answers for a tsconfig.json, kept across processes. A suite runs the same
// strict check again and again: `npm run listings` and `npm run fuzz -- --against` on one
// folder under every runner of scripts/lib/whoever-reads.test.ts, the counterexample that
// shows what TypeScript refuses in every notebook run. Each run reads some 1,050 files for
// 2.2 to 2.4 CPU-s, and its answer is a function of what it read.
//
// An answer is reused only when all of these are unchanged: TypeScript 7's version and
// command line; the config, the configs it extends and every file in the config's folder
// (named in the key, so a copy in another temporary folder shares it); the text of every
// file the program read (its --listFiles); the nearest package.json of each one (it says
// whether a .ts file is an ES module, and a package's types); and npm's record of each
// node_modules tree it read from (node_modules/.package-lock.json), which an install changes
// when it adds a file a resolution could find first. An answer that names a module or file
// it could not find is never kept: the missing file may appear. A kept file that does not
// parse, or is cut short, is no answer, and the compiler runs.
// PI_COMPANION_TYPESCRIPT_7_ANSWERS=off runs it every time; a path keeps the answers there;
// `=verify` (or `=verify:PATH`) runs it and throws when a kept answer disagrees.

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ENV = "PI_COMPANION_TYPESCRIPT_7_ANSWERS";
/** Diagnostics by which a file that is missing now could change the answer when it appears. */
const NOT_FOUND = new Set([2307, 2688, 2792, 6053, 7016]);
const IN_FOLDER = "<config folder>";

/** What one compiler run said: its exit status, and its stdout less the --listFiles lines. */
export interface CompilerRun {
  status: number | null;
  stdout: string;
  /** Not kept: only answers are, and an answer is read from stdout. */
  stderr?: string;
}

interface Kept {
  key: string;
  status: number | null;
  /** stdout with the config's folder written as IN_FOLDER, absolute or relative to the project. */
  stdout: string;
  /** Every file the answer rests on, with the sha256 of its text ("absent" when there was none). */
  inputs: [string, string][];
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
/** The sha256 of `file`'s bytes, or "absent": one read, no stat before it (a kept answer hashes some 1,070 files). */
function hashOf(file: string): string {
  try {
    return sha256(readFileSync(file));
  } catch {
    return "absent";
  }
}

/**
 * Whether a compiler run is an answer: exit 0 with no diagnostic, or 1 or 2 with some (`found`
 * are their codes). Anything else is the compiler's failure, which nothing may read as an answer.
 */
export const isAnswer = (status: number | null, found: readonly number[]): boolean =>
  status === 0 ? found.length === 0 : (status === 1 || status === 2) && found.length > 0;

/** Where the answers are kept (none when `off`), and whether a kept one is checked against the compiler's. */
function storeOf(): { dir: string | undefined; verify: boolean } {
  const chosen = process.env[ENV] ?? "";
  const verify = chosen === "verify" || chosen.startsWith("verify:");
  const path = verify ? chosen.slice("verify:".length) : chosen;
  if (path === "off") return { dir: undefined, verify };
  return { dir: path !== "" ? resolve(path) : join(PROJECT_ROOT, ".cache", "typescript-7-answers"), verify };
}

/** A config's `extends`, or undefined (a config that is not plain JSON is in the key as its text). */
function extendsOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { extends?: unknown }).extends;
  } catch {
    return undefined;
  }
}

/** The config's text and those of the configs it extends, by relative path, nearest first. */
function configChain(config: string): string[] {
  const texts: string[] = [];
  for (let at: string | undefined = config; at !== undefined && texts.length < 8;) {
    const text: string = readFileSync(at, "utf8");
    texts.push(text);
    const extended: unknown = extendsOf(text);
    at = typeof extended === "string" && extended.startsWith(".") ? resolve(dirname(at), extended) : undefined;
  }
  return texts;
}

function keyOf(config: string, compiler: string, args: readonly string[]): string {
  const folder = dirname(resolve(config));
  const placed = (text: string) => text.split(folder).join(IN_FOLDER);
  // A config names its folder's files by absolute path: the key holds them as IN_FOLDER.
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.name} ${sha256(placed(readFileSync(join(folder, entry.name), "utf8")))}`)
    .sort();
  return sha256(JSON.stringify({ compiler, args: args.map(placed), configs: configChain(config).map(placed), files }));
}

/** The nearest package.json up from `file`'s folder, or undefined. */
function nearestPackageJson(file: string): string | undefined {
  for (let at = dirname(file); ; at = dirname(at)) {
    const candidate = join(at, "package.json");
    if (existsSync(candidate)) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/** The files an answer over `listed` (--listFiles, absolute) rests on: those outside the config's folder, and what says how each one reads. */
function inputsOf(listed: readonly string[], folder: string): [string, string][] {
  const rests = new Set<string>();
  const manifests = new Map<string, string | undefined>();
  for (const file of listed) {
    if (!file.startsWith(`${folder}${sep}`)) rests.add(file);
    const tree = file.indexOf(`${sep}node_modules${sep}`);
    if (tree >= 0) rests.add(join(file.slice(0, tree), "node_modules", ".package-lock.json"));
    const at = dirname(file);
    if (!manifests.has(at)) manifests.set(at, nearestPackageJson(file));
    const manifest = manifests.get(at);
    if (manifest !== undefined) rests.add(manifest);
  }
  return [...rests].sort().map((file) => [file, hashOf(file)]);
}

function readKept(file: string, key: string): Kept | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Kept;
    if (kept.key !== key || !Array.isArray(kept.inputs)) return undefined;
    return kept.inputs.every(([input, hash]) => hashOf(input) === hash) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** The config's folder as the compiler names it (relative to the project, where it runs, when inside it). */
const shownFolder = (folder: string) => (folder.startsWith(PROJECT_ROOT) ? folder.slice(PROJECT_ROOT.length) : folder);

/** `stdout` for any folder: the config's, absolute or as the compiler names it, becomes IN_FOLDER. */
const placedOut = (stdout: string, folder: string) =>
  stdout.split(folder).join(IN_FOLDER).split(shownFolder(folder)).join(IN_FOLDER);

/**
 * TypeScript 7's answer for `config`: kept, when every input it rests on is unchanged (see the
 * file's header), or from `run`, which runs the compiler with `args` and the extra arguments
 * it is given. `codes` reads the diagnostic codes in an answer's stdout.
 */
export async function keptNativeAnswer(
  config: string,
  compiler: string,
  args: readonly string[],
  run: (extra: readonly string[]) => Promise<CompilerRun>,
  codes: (stdout: string) => number[],
): Promise<CompilerRun> {
  const { dir, verify } = storeOf();
  if (dir === undefined) return run([]);
  const folder = dirname(resolve(config));
  const key = keyOf(config, compiler, args);
  const file = join(dir, `${key.slice(0, 32)}.json`);
  const kept = readKept(file, key);
  const unplace = (stdout: string) => stdout.split(IN_FOLDER).join(shownFolder(folder));
  if (kept !== undefined && !verify) return { status: kept.status, stdout: unplace(kept.stdout) };
  const ran = await run(["--listFiles"]);
  const lines = ran.stdout.split(/\r?\n/);
  const listed = new Set(lines.filter((line) => line.startsWith(sep) && existsSync(line)));
  const stdout = lines.filter((line) => !listed.has(line)).join("\n");
  const answer = { ...ran, stdout };
  const placed = placedOut(stdout, folder);
  if (kept !== undefined && (kept.status !== answer.status || kept.stdout !== placed))
    throw new Error(
      `${ENV}=verify: the kept answer for ${config} (exit ${kept.status}) is not TypeScript 7's (exit ${answer.status}):\n` +
        `kept:\n${unplace(kept.stdout)}\nnow:\n${answer.stdout}`,
    );
  const found = codes(stdout);
  if (isAnswer(ran.status, found) && listed.size > 0 && !found.some((code) => NOT_FOUND.has(code))) {
    const entry: Kept = { key, status: ran.status, stdout: placed, inputs: inputsOf([...listed], folder) };
    mkdirSync(dir, { recursive: true });
    // No rename: examples/ cannot import scripts/lib's atomic write, and a file cut short does not parse, so it is no answer.
    writeFileSync(file, JSON.stringify(entry));
  }
  return answer;
}
