import type { TopLevelSpec } from "vega-lite";
import { vegaLiteToSvg } from "../support/chart-svg.ts";
import { DEFAULT_MAX_ATTEMPTS } from "./support/book-step.ts";
import { BOOK_FIGURES, versions, type TurnLimitRow } from "./support/turn-limit-cases.ts";

// The bug history as a picture: provider requests against the length of the scripted
// conversation, one panel per version of step(), drawn from measured rows only.

// ANCHOR: chart
/** The case the chart draws: the unfixed guard's book figure, at every script length measured. */
export const CHART_CASE = {
  scenario: BOOK_FIGURES.unfixedGuard.case.scenario,
  maxTurns: BOOK_FIGURES.unfixedGuard.case.maxTurns,
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
} as const;

/** The rows the chart draws, one point each: every version, every script length, at {@link CHART_CASE}. */
export function chartRows(rows: readonly TurnLimitRow[]): TurnLimitRow[] {
  return rows.filter(
    (r) =>
      r.scenario === CHART_CASE.scenario &&
      r.maxTurns === CHART_CASE.maxTurns &&
      r.maxAttempts === CHART_CASE.maxAttempts,
  );
}
// ANCHOR_END: chart

/** The name of the chart's point mark: one point per drawn row. */
export const POINT_MARK = "requests";

/** The Vega-Lite spec of the chart; each point carries its row as an accessible label. */
export function turnLimitChartSpec(rows: readonly TurnLimitRow[]): TopLevelSpec {
  const values = chartRows(rows).map((r) => ({
    variant: r.variant,
    scriptedResponses: r.scriptedResponses,
    providerRequests: r.providerRequests,
    scriptPlusOne: r.scriptedResponses + 1,
    label: `${r.variant}: ${r.scriptedResponses} scripted responses, ${r.providerRequests} provider requests`,
  }));
  const x = {
    field: "scriptedResponses",
    type: "quantitative",
    title: "scripted responses",
    scale: { zero: false },
  } as const;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: {
      text: "Provider requests as the scripted conversation grows",
      subtitle: `"${CHART_CASE.scenario}", maxTurns ${CHART_CASE.maxTurns}, maxAttempts ${CHART_CASE.maxAttempts}; dotted: script length + 1`,
    },
    data: { values },
    facet: { column: { field: "variant", type: "nominal", sort: versions.map((v) => v.variant), title: null } },
    spec: {
      width: 190,
      height: 190,
      layer: [
        {
          mark: { type: "line", strokeDash: [2, 3], color: "#8c959f" },
          encoding: { x, y: { field: "scriptPlusOne", type: "quantitative" } },
        },
        {
          mark: { type: "rule", strokeDash: [6, 4], color: "#1a7f37" },
          encoding: { y: { datum: CHART_CASE.maxTurns } },
        },
        {
          mark: { type: "text", align: "right", baseline: "bottom", dy: -3, color: "#1a7f37" },
          encoding: {
            y: { datum: CHART_CASE.maxTurns },
            x: { aggregate: "max", ...x },
            text: { value: `maxTurns ${CHART_CASE.maxTurns}` },
          },
        },
        {
          mark: { type: "line", point: false },
          encoding: {
            x,
            y: { field: "providerRequests", type: "quantitative", title: "provider requests", scale: { zero: true } },
            color: { field: "variant", type: "nominal", sort: versions.map((v) => v.variant), legend: null },
          },
        },
        {
          name: POINT_MARK,
          mark: { type: "point", filled: true, size: 60 },
          encoding: {
            x,
            y: { field: "providerRequests", type: "quantitative" },
            color: { field: "variant", type: "nominal", sort: versions.map((v) => v.variant), legend: null },
            description: { field: "label", type: "nominal" },
          },
        },
      ],
    },
  };
}

/** The chart as an SVG string, for `display.svg` in a notebook or a page. */
export function turnLimitChart(rows: readonly TurnLimitRow[]): Promise<string> {
  return vegaLiteToSvg(turnLimitChartSpec(rows));
}
