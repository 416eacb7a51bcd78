import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isAnswer, keptNativeAnswer, type CompilerRun } from "./native-answers.ts";
import { inTemporaryFolder } from "./temporary-folder.ts";

// Type-checks one file as `npx tsc -p .` would (the project's tsconfig.json, strict), so that
// a counterexample can show what strict TypeScript refuses, without the project's scripts/.
//
// The compile reads some 1,050 declaration files (11.5 MB: Pi's declarations bring openai's,
// anthropic's and google's). TypeScript 5.9, the project's `tsc`, takes 3.3 s at idle for that
// (2.1 s to build the program), over a counterexample's 2 s; TypeScript 7's native compiler
// (the package typescript-7, pinned) reads and checks the same files in 0.6 s. Both refuse the
// same lines: scripts/listings/native-typescript.test.ts holds them to that for every
// *.fails-to-compile.ts and the book's two listings. Its answer for unchanged inputs is kept
// (native-answers.ts says which inputs).

const require = createRequire(import.meta.url);
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PI_PACKAGES = ["@earendil-works/pi-agent-core", "@earendil-works/pi-ai"];

/** One diagnostic of a strict compile: `code` is the number after "TS", `line` is 1-based. */
export interface StrictDiagnostic {
  code: number;
  line: number | undefined;
  /** The message's last line: the reason under "Argument of type … is not assignable …". */
  reason: string;
}

/** The declarations of `name` where this process imports it from (under the release matrix, the release's). */
function declarationsOf(name: string): string {
  const file = fileURLToPath(import.meta.resolve(name)).replace(/\.js$/, ".d.ts");
  if (!existsSync(file)) throw new Error(`${name} has no declarations beside its entry: ${file} is missing`);
  return file;
}

/** TypeScript 7's compiler for this platform, and its version: "7.0.2". */
export function nativeTypeScript(): { executable: string; version: string } {
  const manifest = require.resolve("typescript-7/package.json");
  const { version } = require(manifest) as { version: string };
  const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}/package.json`;
  let platformManifest: string;
  try {
    platformManifest = createRequire(manifest).resolve(platformPackage);
  } catch {
    throw new Error(`TypeScript ${version} has no compiler for ${process.platform}-${process.arch}: run npm ci`);
  }
  const executable = join(dirname(platformManifest), "lib", process.platform === "win32" ? "tsc.exe" : "tsc");
  return { executable, version };
}

const DIAGNOSTIC = /^(?:(.+?)\((\d+),\d+\): )?error TS(\d+): (.*)$/;

/** One diagnostic of TypeScript 7's `tsc --pretty false`: `file` is absolute (undefined for the options), `line` 1-based. */
export interface NativeDiagnostic {
  code: number;
  file: string | undefined;
  line: number | undefined;
  /** The message's first line. */
  message: string;
  /** Its last line: the reason under "Argument of type … is not assignable …". */
  reason: string;
}

/** The diagnostics in `tsc --pretty false` output: a line per diagnostic, its message's further lines indented under it. */
function parseDiagnostics(output: string): NativeDiagnostic[] {
  const diagnostics: NativeDiagnostic[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = DIAGNOSTIC.exec(line);
    if (match !== null) {
      const [, file, at, code, message] = match;
      diagnostics.push({
        code: Number(code),
        file: file === undefined ? undefined : resolve(PROJECT_ROOT, file),
        line: file === undefined ? undefined : Number(at),
        message: message!.trim(),
        reason: message!.trim(),
      });
    } else if (/^\s+\S/.test(line) && diagnostics.length > 0) {
      diagnostics.at(-1)!.reason = line.trim();
    }
  }
  return diagnostics;
}

/**
 * Every diagnostic TypeScript 7 reports for the project `config` (a tsconfig.json), run from
 * the project root; none means it compiles. A child process: a caller can start it, do other
 * work, then await it. Throws when the compiler fails rather than answers.
 */
export async function nativeDiagnostics(config: string): Promise<NativeDiagnostic[]> {
  const { executable, version } = nativeTypeScript();
  // One checker: its default of four spent 3.9 CPU-s where one spends 2.4, and took longer
  // on two cores (1.97 s against 1.71 s, the median of 4 each on the book's listings, idle).
  const args = ["-p", config, "--pretty", "false", "--checkers", "1"];
  const run = await keptNativeAnswer(
    config,
    `${executable} ${version}`,
    args,
    (extra) =>
      new Promise<CompilerRun>((done, failed) => {
        execFile(
          executable,
          [...args, ...extra],
          { cwd: PROJECT_ROOT, maxBuffer: 16 << 20 },
          (error, stdout, stderr) => {
            const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
            if (status === null && error !== null)
              failed(new Error(`TypeScript 7 (${executable}) did not run: ${error.message}`));
            else done({ status, stdout, stderr });
          },
        );
      }),
    (stdout) => parseDiagnostics(stdout).map((d) => d.code),
  );
  const diagnostics = parseDiagnostics(run.stdout);
  if (
    !isAnswer(
      run.status,
      diagnostics.map((d) => d.code),
    )
  )
    throw new Error(
      `TypeScript 7 on ${relative(PROJECT_ROOT, config)} exited ${run.status} with no answer to read: ${(run.stderr || run.stdout).trim().slice(0, 400)}`,
    );
  return diagnostics;
}

/**
 * Every diagnostic strict TypeScript reports for `file` (relative to the project root); none
 * means it compiles. A child process: a caller can start it, do other work, then await it.
 */
export async function compileStrictly(file: string): Promise<StrictDiagnostic[]> {
  const root = join(PROJECT_ROOT, file);
  const paths = Object.fromEntries(PI_PACKAGES.map((name) => [name, [declarationsOf(name)]]));
  // The config sits in the project, so that "types": ["node"] resolves as it does for tsconfig.json.
  mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
  return inTemporaryFolder(
    "strict-compile-",
    async (scratch) => {
      const config = join(scratch, "tsconfig.json");
      const extendsPath = relative(scratch, join(PROJECT_ROOT, "tsconfig.json"));
      writeFileSync(
        config,
        JSON.stringify({ extends: extendsPath, compilerOptions: { noEmit: true, paths }, files: [root], include: [] }),
      );
      return (await nativeDiagnostics(config)).map((d) => ({
        code: d.code,
        line: d.file === root ? d.line : undefined,
        reason: d.reason,
      }));
    },
    join(PROJECT_ROOT, ".cache"),
  );
}

/** "TS2741 at line 9: Property 'streamFn' is missing …" for each diagnostic. */
export function describeDiagnostics(diagnostics: readonly StrictDiagnostic[]): string {
  return diagnostics.map((d) => `TS${d.code} at line ${d.line ?? "?"}: ${d.reason}`).join("; ");
}
