import type { TopLevelSpec } from "vega-lite";
import { vegaLiteToSvg } from "../../examples/support/chart-svg.ts";
import { releaseVerdict, type ReleaseMatrix } from "./releases.ts";

/** Verdict colours, the same as the badges' (site.css). */
export const VERDICT_COLOURS: Readonly<Record<string, string>> = {
  holds: "#1a7f37",
  qualified: "#8250df",
  fails: "#cf222e",
  "not-checkable": "#bf8700",
  crashed: "#24292f",
  "not measured": "#d0d7de",
};

/** The name of the grid's cell mark: one cell per claim and column. */
export const GRID_CELL_MARK = "cells";

/** One cell per claim and column of appendix B, coloured by the verdict measured there. */
export function verdictGridSpec(matrix: ReleaseMatrix): TopLevelSpec {
  const values = matrix.claims.flatMap((claim) =>
    matrix.columns.map((column) => {
      const verdict = releaseVerdict(matrix, claim.id, column) ?? "not measured";
      return { id: claim.id, column: column.key, verdict, label: `${claim.id} at ${column.key}: ${verdict}` };
    }));
  const sort = Object.keys(VERDICT_COLOURS);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    data: { values },
    width: { step: 64 },
    height: { step: 13 },
    mark: { type: "rect", stroke: "white", strokeWidth: 1 },
    name: GRID_CELL_MARK,
    encoding: {
      x: { field: "column", type: "ordinal", sort: matrix.columns.map((c) => c.key), title: "release", axis: { orient: "top", labelAngle: 0 } },
      y: { field: "id", type: "ordinal", sort: matrix.claims.map((c) => c.id), title: null, axis: { labelFontSize: 10, labelLimit: 320 } },
      color: {
        field: "verdict",
        type: "nominal",
        scale: { domain: sort, range: sort.map((v) => VERDICT_COLOURS[v]!) },
        legend: { orient: "top", title: "verdict", direction: "horizontal" },
      },
      description: { field: "label", type: "nominal" },
    },
  };
}

/** Appendix B's verdicts as a claims × releases grid, in SVG. */
export function verdictGrid(matrix: ReleaseMatrix): Promise<string> {
  return vegaLiteToSvg(verdictGridSpec(matrix));
}
