import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { RegistryAnswer } from "../../lib/npm-registry.ts";
import { readPinVerdicts } from "../verdicts-at-pin.ts";
import { recordedView, refreshRegistryRecord, REGISTRY_RECORD } from "./registry-record.ts";

const dir = mkdtempSync(join(tmpdir(), "registry-record-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const SPEC = "@earendil-works/pi-coding-agent@1.0.3";
const DEPS = { "@earendil-works/pi-agent-core": "^1.0.3" };

/** A registry that answers `answer` and counts the questions. */
function registry(answer: RegistryAnswer) {
  const asked: string[] = [];
  return {
    asked,
    view: async (spec: string, field: string) => {
      asked.push(`${spec} ${field}`);
      return answer;
    },
  };
}

const env = { npm_config_registry: "https://registry.example/" };

test("ch37.deps.coding-agent-builds-on-core: the first answer is recorded with its day, then reused without asking", async () => {
  const path = join(dir, "first.json");
  const online = registry({ kind: "found", value: DEPS });
  const first = await recordedView(SPEC, "dependencies", { path, view: online.view, env, today: () => "2026-12-01" });
  assert.deepEqual(first, {
    kind: "found",
    value: DEPS,
    asked: "2026-12-01",
    registry: "https://registry.example/",
    from: "registry",
  });
  const offline = registry({ kind: "unreachable", detail: "npm view: offline" });
  const later = await recordedView(SPEC, "dependencies", { path, view: offline.view, env, today: () => "2026-12-09" });
  assert.deepEqual(later, { ...first, from: "record" });
  assert.deepEqual(offline.asked, [], "a recorded answer is not asked again");
  assert.deepEqual(JSON.parse(readFileSync(path, "utf8")).answers[`npm view ${SPEC} dependencies`], {
    asked: "2026-12-01",
    registry: "https://registry.example/",
    value: DEPS,
  });
});

test("ch37.deps.coding-agent-builds-on-core: with no record, an unanswered look-up stays unanswered and writes nothing", async () => {
  const path = join(dir, "none.json");
  const offline = registry({ kind: "unreachable", detail: "npm view: offline" });
  assert.deepEqual(await recordedView(SPEC, "dependencies", { path, view: offline.view, env }), {
    kind: "unreachable",
    detail: "npm view: offline",
  });
  assert.throws(() => readFileSync(path), /ENOENT/);
});

test("ch37.deps.coding-agent-builds-on-core: the committed record answers the pin's look-up, so an offline run keeps the pin's verdict", async () => {
  const offline = registry({ kind: "unreachable", detail: "npm view: offline" });
  const answer = await recordedView(SPEC, "dependencies", { view: offline.view });
  assert.deepEqual(offline.asked, [], `${REGISTRY_RECORD} has no answer for ${SPEC}`);
  assert.equal(answer.kind, "found");
  const deps = (answer.kind === "found" ? answer.value : {}) as Record<string, string>;
  assert.equal(
    readPinVerdicts()?.verdicts["ch37.deps.coding-agent-builds-on-core"],
    "@earendil-works/pi-agent-core" in deps ? "holds" : "fails",
  );
});

// Last: the refresh holds for the rest of the process, as --refresh-registry does for a ledger run.
test("ch37.deps.coding-agent-builds-on-core: --refresh-registry asks again and records the new day; unanswered, it keeps the record", async () => {
  const path = join(dir, "refresh.json");
  const online = registry({ kind: "found", value: DEPS });
  await recordedView(SPEC, "dependencies", { path, view: online.view, env, today: () => "2026-12-01" });
  refreshRegistryRecord();
  const again = await recordedView(SPEC, "dependencies", { path, view: online.view, env, today: () => "2026-12-09" });
  assert.deepEqual(online.asked, [`${SPEC} dependencies`, `${SPEC} dependencies`]);
  assert.equal(again.kind === "found" && again.asked, "2026-12-09");
  const offline = registry({ kind: "unreachable", detail: "npm view: offline" });
  const kept = await recordedView(SPEC, "dependencies", { path, view: offline.view, env });
  assert.equal(offline.asked.length, 1);
  assert.deepEqual(kept, {
    kind: "found",
    value: DEPS,
    asked: "2026-12-09",
    registry: "https://registry.example/",
    from: "record",
  });
});
