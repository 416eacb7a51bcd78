import { View, parse } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/** Renders a Vega-Lite spec to an SVG string in Node, with no browser and no canvas. */
export async function vegaLiteToSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * The accessible labels (`description` encoding) of the items of one named mark in a
 * rendered chart, in the SVG's order: one entry per drawn item.
 */
export function markLabels(svg: string, markName: string): string[] {
  const groups = svg.matchAll(
    new RegExp(`<g class="mark-[a-z]+ role-mark ${markName}_marks"[^>]*>([\\s\\S]*?)</g>`, "g"),
  );
  return [...groups].flatMap(([, items]) =>
    [...items!.matchAll(/<(?:path|rect|text|line) aria-label="([^"]+)"/g)].map((m) => m[1]!),
  );
}
