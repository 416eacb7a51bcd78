import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type ts from "typescript";

// Type-checks one file as `npx tsc -p .` would (the project's tsconfig.json, strict), so that
// a counterexample can show what strict TypeScript refuses, without the project's scripts/.

// By require: an ES import of typescript's 9 MB CommonJS file passes through tsx's loader hooks.
const typescript: typeof ts = createRequire(import.meta.url)("typescript");
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

/** Every diagnostic strict TypeScript reports for `file` (relative to the project root); none means it compiles. */
export function compileStrictly(file: string): StrictDiagnostic[] {
  const config = typescript.readConfigFile(join(PROJECT_ROOT, "tsconfig.json"), typescript.sys.readFile);
  if (config.error) throw new Error(typescript.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const { options } = typescript.parseJsonConfigFileContent(config.config, typescript.sys, PROJECT_ROOT);
  const paths = Object.fromEntries(PI_PACKAGES.map((name) => [name, [declarationsOf(name)]]));
  const root = join(PROJECT_ROOT, file);
  const program = typescript.createProgram([root], { ...options, noEmit: true, paths });
  return typescript.getPreEmitDiagnostics(program, program.getSourceFile(root)).map((d) => ({
    code: d.code,
    line:
      d.file === undefined || d.start === undefined
        ? undefined
        : d.file.getLineAndCharacterOfPosition(d.start).line + 1,
    reason: typescript.flattenDiagnosticMessageText(d.messageText, "\n").split("\n").at(-1)!.trim(),
  }));
}

/** "TS2345 at line 9: Property 'streamFn' is missing …" for each diagnostic. */
export function describeDiagnostics(diagnostics: readonly StrictDiagnostic[]): string {
  return diagnostics.map((d) => `TS${d.code} at line ${d.line ?? "?"}: ${d.reason}`).join("; ");
}
