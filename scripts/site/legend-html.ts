import { VERDICTS } from "../ledger/check.ts";
import { LABEL_DEFINITIONS, VERDICT_DEFINITIONS } from "../ledger/legend.ts";
import { escapeHtml, verdictClass } from "./layout.ts";

// The site's pages read the placeholder here, with the legend it belongs to.
export { NOT_YET_VERIFIED } from "../ledger/legend.ts";

/** What each verdict means: the ledger's own definitions, so the site and the ledger say the same. */
export const VERDICT_LEGEND: readonly { verdict: string; meaning: string }[] = VERDICTS.map((verdict) => ({
  verdict,
  meaning: VERDICT_DEFINITIONS[verdict],
}));

/** Shown where a claim's evidence would be when no stored source has it for the verdict shown. */
export const NO_EVIDENCE = "no evidence stored for this verdict (a full npm start stores it)";

/** The four verdicts as a definition list, each term in its badge colour. */
export function verdictLegend(): string {
  const items = VERDICT_LEGEND.map(({ verdict, meaning }) =>
    `<dt><span class="claim verdict-${verdictClass(verdict)}">${escapeHtml(verdict)}</span></dt><dd>${escapeHtml(meaning)}</dd>`);
  return `<dl class="legend">\n${items.join("\n")}\n</dl>\n`;
}

/**
 * What each label of the catalogue means (documented, observed, proposed, the trailing `*`,
 * found): the ledger's own definitions, as a definition list.
 */
export function labelLegend(): string {
  const items = LABEL_DEFINITIONS.map(([label, meaning]) => `<dt><code>${escapeHtml(label)}</code></dt><dd>${escapeHtml(meaning)}</dd>`);
  return `<dl class="legend labels">\n${items.join("\n")}\n</dl>\n`;
}
