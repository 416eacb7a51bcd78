import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import type { CounterexampleRun } from "../../examples/support/counterexample.ts";
import { withPiFirst } from "../../examples/support/preload-pi.ts";
import { chatApis } from "../../examples/support/request-body.ts";
import { readCatalogue, readFindings } from "../ledger/catalogue.ts";
import { judgeCounterexample, type CounterexampleModule } from "../ledger/checks/counterexample-check.ts";
import { readPinVerdicts } from "../ledger/verdicts-at-pin.ts";
import { runCommand } from "../lib/command.ts";
import { mapWithConcurrency } from "../lib/pool.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { LISTINGS } from "../toolchain/listing-source.ts";
import { counterexampleFiles } from "./files.ts";

// Every qualified or failing verdict at the pin has a counterexample a reader can open, read
// in a minute and run; the ledger's check for its id runs the same file.

const files = counterexampleFiles();
const TSX_FLAGS_PI_FIRST = withPiFirst(["--import", "tsx"]);
const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), "utf8");
const pin = readPinVerdicts();

it("counterexamples: every id qualified or failing at the pin has one, and every one names such an id", () => {
  const disagreeing = Object.entries(pin?.verdicts ?? {})
    .filter(([, verdict]) => verdict === "qualified" || verdict === "fails")
    .map(([id]) => id)
    .sort();
  assert.deepEqual(
    files.map((f) => f.id),
    disagreeing,
  );
  const ids = new Set([...readCatalogue(), ...readFindings()].map((c) => c.id));
  assert.deepEqual(
    files.filter((f) => !ids.has(f.id)).map((f) => f.file),
    [],
  );
});

// What a counterexample may import: Pi, node's own modules, the book's two listings, examples/support/.
const LISTING_FILES: readonly string[] = Object.values(LISTINGS);
function allowedImport(file: string, specifier: string): boolean {
  if (specifier.startsWith("node:") || specifier.startsWith("@earendil-works/pi-")) return true;
  const target = new URL(specifier, pathToFileURL(join(PROJECT_ROOT, file))).pathname.slice(PROJECT_ROOT.length + 1);
  return target.startsWith("examples/support/") || LISTING_FILES.includes(target);
}

for (const { id, file } of files) {
  describe(`counterexample ${id}`, () => {
    const text = read(file);
    it("opens with a comment that quotes its claim id and says what it shows", () => {
      assert.match(text.split("\n")[0]!, new RegExp(`^// ${id.replace(/\./g, "\\.")}: \\S`));
    });
    it("is short enough to read in a minute (at most 45 lines)", () => {
      assert.ok(text.trimEnd().split("\n").length <= 45, `${file}: ${text.trimEnd().split("\n").length} lines`);
    });
    it("imports only Pi, the book's two listings and examples/support/", () => {
      const specifiers = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
      assert.deepEqual(
        specifiers.filter((s) => !allowedImport(file, s)),
        [],
      );
    });
  });
}

describe("counterexamples: npx tsx FILE prints exactly what the ledger's check judges", () => {
  it("each file run alone prints its run()'s text", async () => {
    const outcomes = await mapWithConcurrency(files, 2, async ({ file }) => {
      const [ran, module] = await Promise.all([
        // Pi loaded ahead of tsx's hooks, as the project's own children load it: the same output for
        // about 0.8 CPU-s less a file (a reader's npx tsx FILE is timed by npm run bench).
        runCommand(process.execPath, [...TSX_FLAGS_PI_FIRST, file], { cwd: PROJECT_ROOT, timeoutMs: 60_000 }),
        import(pathToFileURL(join(PROJECT_ROOT, file)).href) as Promise<CounterexampleModule>,
      ]);
      const measured = await module.run();
      // Printed unwrapped here: a long line is wrapped to 120 columns, so compare the words.
      const words = (text: string) => text.split(/\s+/).filter(Boolean).join(" ");
      return { file, code: ran.code, stderr: ran.stderr, same: words(ran.stdout) === words(measured.printed) };
    });
    assert.deepEqual(
      outcomes.filter((o) => o.code !== 0 || !o.same),
      [],
    );
  });
});

// The counterexamples about what reaches the model: each tries every chat adapter of pi-ai,
// as the checks they replaced did, and names each adapter in the one case it belongs to.
const ADAPTER_SWEEPS = [
  "ch37.tool.iserror-channel",
  "ch38.repair.after-invalid",
  "ch37.tool.details-not-model-text",
  "ch37.found.details-in-stream-context",
];
const measure = async (id: string) => {
  const { file } = files.find((f) => f.id === id)!;
  return (await (import(pathToFileURL(join(PROJECT_ROOT, file)).href) as Promise<CounterexampleModule>)).run();
};

describe("counterexamples over pi-ai's chat adapters: every adapter is named in exactly one case", () => {
  for (const id of ADAPTER_SWEEPS)
    it(id, async () => {
      const { bookCase, otherCase } = await measure(id);
      const words = `${bookCase.measured} ${otherCase.measured}`.split(/[\s,()]+/);
      const apis = await chatApis();
      assert.deepEqual(
        apis.map((api) => ({ api, named: words.filter((w) => w === api).length })),
        apis.map((api) => ({ api, named: 1 })),
      );
    });
});

it("ch37.exports.setDefaultStreamFn: the counterexample compiles the typed file strictly and reports TS2741 (TypeScript 7; npx tsc, 5.9, says TS2345)", async () => {
  const { otherCase } = await measure("ch37.exports.setDefaultStreamFn");
  assert.match(
    otherCase.measured,
    /^strict TypeScript 7\.\d+\.\d+ \(tsconfig\.json\): \S*default-stream-fn\.fails-to-compile\.ts does not compile: TS2741 at line \d+: Property 'streamFn' is missing/,
  );
});

const run = (bookIsRight: boolean, otherIsRight: boolean): CounterexampleRun => ({
  id: "x",
  file: "examples/x.ts",
  printed: "",
  bookCase: { measured: "book", bookIsRight },
  otherCase: { measured: "other", bookIsRight: otherIsRight },
});

describe("judgeCounterexample: the verdict follows what the counterexample measured", () => {
  it("qualified when the book's case agrees and the other case does not; the evidence names both", () => {
    assert.deepEqual(judgeCounterexample(run(true, false)), {
      verdict: "qualified",
      evidence: "condition: book; counterexample: other (examples/x.ts)",
    });
  });
  it("holds when a release makes the other case agree too", () => {
    assert.equal(judgeCounterexample(run(true, true)).verdict, "holds");
    assert.doesNotMatch(judgeCounterexample(run(true, true)).evidence, /condition:/);
  });
  it("fails when the book's own case disagrees", () => {
    assert.equal(judgeCounterexample(run(false, false)).verdict, "fails");
  });
});
