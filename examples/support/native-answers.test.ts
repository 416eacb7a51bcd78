import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, beforeEach, test } from "node:test";
import { keptNativeAnswer, type CompilerRun } from "./native-answers.ts";
import { nativeDiagnostics } from "./compile-strictly.ts";

// When TypeScript 7's kept answer for a config is reused, and when the compiler runs again.
// A stand-in compiler answers from the files it is told it read, so each case sees whether it
// ran; the last test holds a kept answer to the real compiler's (PI_COMPANION_TYPESCRIPT_7_ANSWERS=verify).

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ENV = "PI_COMPANION_TYPESCRIPT_7_ANSWERS";
mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
const scratch = mkdtempSync(join(PROJECT_ROOT, ".cache", "native-answers-test-"));
const saved = process.env[ENV];
after(() => {
  rmSync(scratch, { recursive: true, force: true });
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
});

let store: string;
let read: string;
let runs: number;
beforeEach(() => {
  store = mkdtempSync(join(scratch, "store-"));
  process.env[ENV] = store;
  // The files the stand-in compiler read: a package of their own, outside every config's folder.
  read = mkdtempSync(join(scratch, "read-"));
  writeFileSync(join(read, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(read, "dep.ts"), "export const n = 1;\n");
  runs = 0;
});

/** A config folder holding `step.ts` with `text`, and its tsconfig.json naming it by absolute path. */
function configWith(text: string): string {
  const folder = mkdtempSync(join(scratch, "copy-"));
  writeFileSync(join(folder, "step.ts"), text);
  const config = join(folder, "tsconfig.json");
  writeFileSync(config, JSON.stringify({ files: [join(folder, "step.ts")] }));
  return config;
}

const codes = (stdout: string) => [...stdout.matchAll(/error TS(\d+)/g)].map(([, code]) => Number(code));

/** The stand-in: a diagnostic on the config folder's step.ts, or `answer`, then the files it read. */
function compiler(config: string, answer?: CompilerRun) {
  return async (extra: readonly string[]): Promise<CompilerRun> => {
    runs++;
    const folder = join(config, "..");
    const said = answer ?? {
      status: 1,
      stdout: `${folder.slice(PROJECT_ROOT.length)}/step.ts(1,1): error TS2322: no.\n`,
    };
    const listed = extra.includes("--listFiles") ? `${join(read, "dep.ts")}\n${join(folder, "step.ts")}\n` : "";
    return { ...said, stdout: said.stdout + listed };
  };
}

const ask = (config: string, answer?: CompilerRun) =>
  keptNativeAnswer(config, "tsc 7.0.2", ["-p", config], compiler(config, answer), codes);

test("typescript 7 answers: the same folder's text in another folder reuses the answer, named at the new folder", async () => {
  const first = configWith("export const s: string = 1;\n");
  const second = configWith("export const s: string = 1;\n");
  const once = await ask(first);
  const again = await ask(second);
  assert.equal(runs, 1, "the compiler ran again for the same inputs");
  assert.match(
    once.stdout,
    new RegExp(`^${join(first, "..").slice(PROJECT_ROOT.length)}/step\\.ts\\(1,1\\): error TS2322`),
  );
  assert.equal(
    again.stdout,
    once.stdout.replace(join(first, "..").slice(PROJECT_ROOT.length), join(second, "..").slice(PROJECT_ROOT.length)),
  );
  assert.doesNotMatch(once.stdout + again.stdout, /dep\.ts/, "the --listFiles lines are no part of the answer");
});

test("typescript 7 answers: another text in the config's folder, a changed file it read, or its package.json runs the compiler", async () => {
  await ask(configWith("export const s: string = 1;\n"));
  await ask(configWith("export const s: string = 2;\n"));
  assert.equal(runs, 2, "another step.ts");
  writeFileSync(join(read, "dep.ts"), "export const n = 2;\n");
  await ask(configWith("export const s: string = 2;\n"));
  assert.equal(runs, 3, "a file the program read changed");
  writeFileSync(join(read, "package.json"), '{ "type": "commonjs" }\n');
  await ask(configWith("export const s: string = 2;\n"));
  assert.equal(runs, 4, "the package.json that says how it reads changed");
  await ask(configWith("export const s: string = 2;\n"));
  assert.equal(runs, 4, "unchanged since");
});

test("typescript 7 answers: an answer naming a module it could not find, or a compiler's failure, is not kept", async () => {
  const missing = { status: 2, stdout: "step.ts(1,1): error TS2307: Cannot find module './later.ts'.\n" };
  await ask(configWith("import './later.ts';\n"), missing);
  await ask(configWith("import './later.ts';\n"), missing);
  assert.equal(runs, 2, "a missing module may appear");
  const crashed = { status: 3, stdout: "" };
  await ask(configWith("x\n"), crashed);
  await ask(configWith("x\n"), crashed);
  assert.equal(runs, 4, "exit 3 is no answer");
  assert.deepEqual(readdirSync(store), []);
});

test("typescript 7 answers: a kept file cut short is no answer; =off runs every time", async () => {
  await ask(configWith("export const s: string = 1;\n"));
  const [kept] = readdirSync(store);
  writeFileSync(join(store, kept!), '{"key":"');
  await ask(configWith("export const s: string = 1;\n"));
  assert.equal(runs, 2, "a cut-short file was read as an answer");
  process.env[ENV] = "off";
  await ask(configWith("export const s: string = 1;\n"));
  await ask(configWith("export const s: string = 1;\n"));
  assert.equal(runs, 4);
});

test("typescript 7 answers: =verify runs the compiler and throws when the kept answer is not its answer", async () => {
  await ask(configWith("export const s: string = 1;\n"));
  process.env[ENV] = `verify:${store}`;
  await ask(configWith("export const s: string = 1;\n"));
  assert.equal(runs, 2);
  await assert.rejects(
    ask(configWith("export const s: string = 1;\n"), { status: 0, stdout: "" }),
    /=verify: the kept answer for .*tsconfig\.json \(exit 1\) is not TypeScript 7's \(exit 0\)/,
  );
});

test("typescript 7 answers: the real compiler's answer, kept, is what it answers again (=verify), a folder elsewhere", async () => {
  // The project's tsconfig.json in a folder under .cache/, as the listings' copy and compile-strictly's config are.
  const strict = (folder: string) => {
    writeFileSync(
      join(folder, "step.ts"),
      'export const s: string = 1;\nimport type { Agent } from "@earendil-works/pi-agent-core";\nexport type A = Agent;\n',
    );
    const config = join(folder, "tsconfig.json");
    writeFileSync(
      config,
      JSON.stringify({
        extends: "../../../tsconfig.json",
        compilerOptions: { noEmit: true },
        files: [join(folder, "step.ts")],
        include: [],
      }),
    );
    return config;
  };
  const first = await nativeDiagnostics(strict(mkdtempSync(join(scratch, "real-"))));
  assert.deepEqual(
    first.map((d) => d.code),
    [2322],
  );
  assert.equal(readdirSync(store).length, 1, "the answer was not kept");
  process.env[ENV] = `verify:${store}`;
  const folder = mkdtempSync(join(scratch, "real-"));
  const again = await nativeDiagnostics(strict(folder));
  assert.deepEqual(
    again,
    first.map((d) => ({ ...d, file: join(folder, "step.ts") })),
  );
  assert.equal(readdirSync(store).length, 1, "the second folder did not share the first one's answer");
});
