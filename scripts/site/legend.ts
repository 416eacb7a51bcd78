import { escapeHtml, verdictClass } from "./layout.ts";

/** What each verdict means (issue 10's definitions, as the ledger and appendix B use them). */
export const VERDICT_DEFINITIONS: readonly { verdict: string; meaning: string }[] = [
  {
    verdict: "holds",
    meaning: "tried as the book words it, on the book's own case and on the cases around it inside the statement's scope (error and aborted ends, configuration errors, batches, typed code as well as runtime), and no case was found where it is false",
  },
  {
    verdict: "qualified",
    meaning: "true in the case the book discusses, false in a case inside the statement's scope that the book does not mention; the evidence names both, the condition under which it holds and the measured counterexample",
  },
  {
    verdict: "fails",
    meaning: "false in the case the book itself discusses (its example, its figure, its standard case), or false in general",
  },
  {
    verdict: "not-checkable",
    meaning: "cannot be decided by running code against the installed package; the evidence says why",
  },
];

/** Shown instead of a verdict while no verdict is stored for a claim. */
export const NOT_YET_VERIFIED = "not yet verified";

/** The four verdicts as a definition list, each term in its badge colour. */
export function verdictLegend(): string {
  const items = VERDICT_DEFINITIONS.map(({ verdict, meaning }) =>
    `<dt><span class="claim verdict-${verdictClass(verdict)}">${escapeHtml(verdict)}</span></dt><dd>${escapeHtml(meaning)}</dd>`);
  return `<dl class="legend">\n${items.join("\n")}\n</dl>\n`;
}
