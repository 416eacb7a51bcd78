import assert from "node:assert/strict";
import { test } from "node:test";
import { markLabels } from "../support/chart-svg.ts";
import { CHART_CASE, POINT_MARK, chartRows, turnLimitChart } from "./turn-limit-chart.ts";
import { measureTurnLimitTable } from "./demonstrations/turn-limit-table.ts";
import { turnLimitCases, versions, type TurnLimitRow } from "./support/turn-limit-cases.ts";

// The bug drawn: every point of the chart is a row measured in this run, and nothing else.

const pointLabels = (svg: string): string[] => markLabels(svg, POINT_MARK);

const label = (r: TurnLimitRow): string =>
  `${r.variant}: ${r.scriptedResponses} scripted responses, ${r.providerRequests} provider requests`;

const measured = await measureTurnLimitTable(turnLimitCases.filter((c) => c.maxTurns === CHART_CASE.maxTurns));

test("the bug chart has one point per measured row at maxTurns 2, each labelled with its row's figures", async () => {
  const drawn = chartRows(measured);
  assert.equal(drawn.length, versions.length * new Set(drawn.map((r) => r.scriptedResponses)).size);
  assert.ok(drawn.length >= 9, "three versions at three or more script lengths");
  assert.deepEqual(pointLabels(await turnLimitChart(measured)).sort(), drawn.map(label).sort());
});

test("rows outside the chart's case (another maxAttempts, another maxTurns) are not drawn", async () => {
  const others = measured.filter((r) => !chartRows(measured).includes(r));
  assert.ok(others.length > 0, "the table measures maxAttempts 1 at maxTurns 2 too");
  const labels = pointLabels(await turnLimitChart(measured));
  assert.equal(labels.length, chartRows(measured).length);
});

test("the chart follows the rows: a changed count moves its point (nothing is typed in)", async () => {
  const changed = measured.map((r) =>
    r.variant === "fixed" ? { ...r, providerRequests: r.providerRequests + 40 } : r,
  );
  const labels = pointLabels(await turnLimitChart(changed));
  assert.ok(
    labels.some((l) => /^fixed: \d+ scripted responses, 42 provider requests$/.test(l)),
    labels.join("\n"),
  );
});

test("the same rows give the same SVG twice in one process, so the notebook's stored chart does not drift", async () => {
  assert.equal(await turnLimitChart(measured), await turnLimitChart(measured));
});
