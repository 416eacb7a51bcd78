import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { compileStrictly, nativeTypeScript } from "../../examples/support/compile-strictly.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compileFiles, compileLater, programFor } from "../toolchain/compile.ts";
import { LISTINGS, LISTINGS_ENV, type ListingName } from "../toolchain/listing-source.ts";
import { isInstallProblem, readInstalledPi } from "../toolchain/pin.ts";
import { BOOK_EXPORTS } from "./check-listings.ts";
import { compileNatively } from "./native-check.ts";
import { refusedListings } from "./refused-folders.ts";

// ch37.exports.setDefaultStreamFn's counterexample type-checks with TypeScript 7 (0.6 s, where
// the project's TypeScript 5.9 takes 3.3 s over Pi's declarations). Its answer stands for
// `npx tsc` only while the two compilers refuse the same lines: every file meant not to compile,
// and the book's two listings, which must compile.

const failing = readdirSync(join(PROJECT_ROOT, "examples"), { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".fails-to-compile.ts"))
  .map((path) => relative(PROJECT_ROOT, join(PROJECT_ROOT, "examples", path)))
  .sort();
const LISTINGS_FILES = ["examples/ch37-agent-core/research-agent.ts", "examples/ch38-typed-step/step.ts"];

// npm run listings type-checks a reader's folder with TypeScript 7 (native-check.ts). Here each
// reader's folder is also checked by TypeScript 5.9, the project's `tsc`, in one program inside
// the project, and the two must give the same diagnostics (code and line) and find the same
// book exports missing.

const BOOK = join(PROJECT_ROOT, "scripts", "listings", "fixtures", "book");
const SCRATCH = join(PROJECT_ROOT, ".cache", `listings-native-agreement-${process.pid}`);
const refused = refusedListings();
const folders: Record<string, { listing: ListingName; text: string }> = {
  "the book's step.ts": { listing: "step", text: readFileSync(join(BOOK, "step.ts"), "utf8") },
  "the book's research-agent.ts": {
    listing: "research-agent",
    text: readFileSync(join(BOOK, "research-agent.ts"), "utf8"),
  },
  "step.ts with a type error (the refused broken folder)": { listing: "step", text: refused.broken.text },
  "step.ts without StepFailure's export (the refused no-export folder)": {
    listing: "step",
    text: refused.noExport.text,
  },
};
const placed = Object.entries(folders).map(([what, { listing, text }], i) => {
  const dir = join(SCRATCH, String(i));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${listing}.ts`), text);
  return { what, listing, dir, file: join(dir, `${listing}.ts`) };
});
// TypeScript 5.9's side: one program for every file below, not one each.
compileLater([...failing, ...LISTINGS_FILES, ...placed.map((p) => p.file)]);
after(() => rmSync(SCRATCH, { recursive: true, force: true }));

const installed = readInstalledPi();
if (isInstallProblem(installed)) throw new Error(installed.message);

for (const { what, listing, dir, file } of placed) {
  test(`listings.native: TypeScript 7 and TypeScript 5.9 give ${what} the same diagnostics and missing exports`, async () => {
    const byFive = compileFiles([file], installed.dirs).map((d) => ({
      code: d.code,
      at: d.file === relative(PROJECT_ROOT, file) ? d.line : d.file,
    }));
    const shared = programFor(installed.dirs, [file]);
    const module = shared.checker.getSymbolAtLocation(shared.program.getSourceFile(file)!);
    const exported = new Set(module === undefined ? [] : shared.checker.getExportsOfModule(module).map((s) => s.name));
    const missingByFive = BOOK_EXPORTS[listing].filter((name) => !exported.has(name));

    process.env[LISTINGS_ENV] = dir;
    const native = await compileNatively(installed, [listing]);
    assert.ok(native !== undefined, "TypeScript 7 answers for a folder of the listing alone");
    const bySeven = native.diagnostics.map((d) => ({
      code: d.code,
      at: d.file === LISTINGS[listing] ? d.line : d.file,
    }));
    assert.deepEqual(bySeven, byFive, "diagnostics: TypeScript 7's (left) against TypeScript 5.9's (right)");
    // Exports are judged only of a listing that compiles, as npm run listings judges them.
    if (byFive.length === 0)
      assert.deepEqual(
        native.missing.flatMap((m) => m.absent),
        missingByFive,
        "the book's exports missing: TypeScript 7's probe (left) against TypeScript 5.9's checker (right)",
      );
  });
}

test("listings.native: a listing importing a file of the reader's own, or a folder with a package.json, is left to TypeScript 5.9", async () => {
  const own = join(SCRATCH, "own-import");
  mkdirSync(own, { recursive: true });
  writeFileSync(join(own, "defaults.ts"), "export const DEFAULT_TURNS = 10;\n");
  writeFileSync(
    join(own, "step.ts"),
    `import { DEFAULT_TURNS } from "./defaults.ts";\n${folders["the book's step.ts"]!.text}`,
  );
  process.env[LISTINGS_ENV] = own;
  assert.equal(await compileNatively(installed, ["step"]), undefined, "an own import: not the same program in a copy");

  const scoped = join(SCRATCH, "with-package-json");
  mkdirSync(scoped, { recursive: true });
  writeFileSync(join(scoped, "package.json"), '{ "type": "commonjs" }\n');
  writeFileSync(join(scoped, "step.ts"), folders["the book's step.ts"]!.text);
  process.env[LISTINGS_ENV] = scoped;
  assert.equal(await compileNatively(installed, ["step"]), undefined, "a package.json of its own: its module format");
});

test(`TypeScript ${nativeTypeScript().version} refuses the lines TypeScript 5.9 refuses, in ${failing.length} files meant not to compile and the book's ${LISTINGS_FILES.length} listings`, async () => {
  assert.ok(failing.length >= 2, `the files meant not to compile are found: ${failing.join(", ")}`);
  for (const file of [...failing, ...LISTINGS_FILES]) {
    const lines = (found: readonly { line: number | undefined }[]) => [...new Set(found.map((d) => d.line))].sort();
    const byFive = lines(compileFiles([file], installed.dirs));
    const bySeven = lines(await compileStrictly(file));
    assert.deepEqual(
      bySeven,
      byFive,
      `${file}: the lines TypeScript 7 refuses (left) against TypeScript 5.9's (right)`,
    );
    assert.equal(
      bySeven.length > 0,
      failing.includes(file),
      `${file}: refused by both exactly when it is meant not to compile`,
    );
  }
});
