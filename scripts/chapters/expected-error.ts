import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compileFilesKept } from "../toolchain/compile-kept.ts";
import { isInstallProblem, readInstalledPi } from "../toolchain/pin.ts";

/** What compiling a listing that must not compile found. */
export type CompileOutcome =
  | { kind: "fails-as-expected"; code: string; line: number | undefined; message: string }
  | { kind: "compiles" }
  | { kind: "wrong-error"; codes: string[]; message: string };

const outcomes = new Map<string, CompileOutcome>();

/**
 * Where the answers are kept across processes (compile-kept.ts): each process that renders the
 * chapters (the site, the notebooks' generator, their tests) would otherwise build a program
 * over Pi's declarations for the same answer.
 */
const FAILS_TO_COMPILE_STORE = join(PROJECT_ROOT, ".cache", "fails-to-compile");

/**
 * Type-checks `file` (project-relative) against the installed Pi with the project's own
 * compiler options and says whether it fails with exactly the codes `expected` (e.g.
 * ["TS2322"], from the file's @errors line) and nothing else. The book says this listing
 * does not compile; a listing that starts compiling, or fails for another reason, must
 * break the build rather than pass as proof.
 */
export function checkFailsToCompile(file: string, expected: readonly string[]): CompileOutcome {
  const key = `${file}\0${expected.join(" ")}`;
  const cached = outcomes.get(key);
  if (cached) return cached;
  const installed = readInstalledPi();
  if (isInstallProblem(installed)) throw new Error(installed.message);
  const diagnostics = compileFilesKept([file], installed.dirs, FAILS_TO_COMPILE_STORE);
  let outcome: CompileOutcome;
  if (diagnostics.length === 0) {
    outcome = { kind: "compiles" };
  } else if (
    diagnostics.every((d) => expected.includes(`TS${d.code}`) && d.file === file) &&
    expected.every((code) => diagnostics.some((d) => `TS${d.code}` === code))
  ) {
    const first = diagnostics[0]!;
    outcome = { kind: "fails-as-expected", code: expected.join(", "), line: first.line, message: first.message };
  } else {
    outcome = {
      kind: "wrong-error",
      codes: [...new Set(diagnostics.map((d) => `TS${d.code}`))],
      message: diagnostics
        .map((d) => `TS${d.code} at ${d.file ?? "(options)"}:${d.line ?? 0} ${d.message.split("\n")[0]!.slice(0, 160)}`)
        .join("; "),
    };
  }
  outcomes.set(key, outcome);
  return outcome;
}
