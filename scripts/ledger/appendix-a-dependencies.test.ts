import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  APPENDIX_CLAIM_IDS,
  appendixFacts,
  appendixFiles,
  withoutMeasuredOn,
  writeAppendixIfChanged,
} from "./appendix-a-dependencies.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import { VERDICTS } from "./check.ts";
import { VERDICT_DEFINITIONS } from "./legend.ts";
import { layeringChecks } from "./checks/layering.ts";
import { runChecks } from "./run-checks.ts";
import { installedPi } from "./static/installed.ts";
import { scratchDir } from "../lib/scratch-dir.ts";

test("appendix A: the committed files equal a fresh measurement (date and Node line aside)", async () => {
  const checks = layeringChecks.filter((c) => (APPENDIX_CLAIM_IDS as readonly string[]).includes(c.id));
  const facts = appendixFacts(installedPi(), await runChecks(checks));
  const fresh = appendixFiles(facts, { date: "(ignored)", node: "(ignored)" });
  for (const [name, text] of Object.entries(fresh)) {
    const path = join(APPENDIX_DIR, name);
    assert.ok(existsSync(path), `appendix/${name} is missing: run npm start to write it`);
    const committed = readFileSync(path, "utf8");
    assert.equal(
      withoutMeasuredOn(name, committed),
      withoutMeasuredOn(name, text),
      `appendix/${name} is stale: run npm start and commit appendix/`,
    );
  }
});

test("appendix A: only the date and Node line is ignored, so any other change counts as drift", () => {
  const { measured: _measured, ...facts } = JSON.parse(readFileSync(join(APPENDIX_DIR, "A-dependencies.json"), "utf8"));
  const a = appendixFiles(facts, { date: "2000-01-01", node: "1.0.0" });
  const b = appendixFiles(facts, { date: "2099-12-31", node: "99.0.0" });
  for (const name of Object.keys(a)) assert.equal(withoutMeasuredOn(name, a[name]!), withoutMeasuredOn(name, b[name]!));
  const tampered = a["A-dependencies.md"]!.replace("| holds |", "| fails |");
  assert.notEqual(
    withoutMeasuredOn("A-dependencies.md", tampered),
    withoutMeasuredOn("A-dependencies.md", a["A-dependencies.md"]!),
  );
});

test("appendix A: npm start leaves the files untouched when only the date and Node differ, and rewrites them when a fact changed", () => {
  const { measured: _measured, ...facts } = JSON.parse(readFileSync(join(APPENDIX_DIR, "A-dependencies.json"), "utf8"));
  const dir = scratchDir("appendix-a");
  assert.equal(writeAppendixIfChanged(appendixFiles(facts, { date: "2000-01-01", node: "1.0.0" }), dir), true);
  const before = readFileSync(join(dir, "A-dependencies.md"), "utf8");
  assert.equal(writeAppendixIfChanged(appendixFiles(facts, { date: "2099-12-31", node: "99.0.0" }), dir), false);
  assert.equal(readFileSync(join(dir, "A-dependencies.md"), "utf8"), before);
  const changed = { ...facts, verdicts: facts.verdicts.map((v: { verdict: string }) => ({ ...v, verdict: "fails" })) };
  assert.equal(writeAppendixIfChanged(appendixFiles(changed, { date: "2099-12-31", node: "99.0.0" }), dir), true);
  assert.match(readFileSync(join(dir, "A-dependencies.md"), "utf8"), /Measured on 2099-12-31/);
});

test("appendix A: the definitions of the four verdicts head the appendix", () => {
  const { measured: _measured, ...facts } = JSON.parse(readFileSync(join(APPENDIX_DIR, "A-dependencies.json"), "utf8"));
  const markdown = appendixFiles(facts, { date: "d", node: "n" })["A-dependencies.md"]!;
  const definitions = markdown.indexOf("## What the verdicts mean");
  assert.ok(definitions > 0 && definitions < markdown.indexOf("## Verdicts"));
  for (const verdict of VERDICTS)
    assert.ok(markdown.includes(`- \`${verdict}\`: ${VERDICT_DEFINITIONS[verdict]}`), verdict);
});
