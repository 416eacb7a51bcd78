import type { Verdict } from "./check.ts";

/**
 * What each verdict means. The ledger prints these under its totals; scripts/ledger/README.md
 * and appendix A state the same words (a test holds the README to them).
 */
export const VERDICT_DEFINITIONS: Readonly<Record<Verdict, string>> = {
  holds:
    "the companion tried the statement as the book words it, on the book's own case and on the cases around it inside the statement's scope (error and aborted ends, configuration errors, batches, typed code as well as runtime), and found no case where it is false.",
  qualified:
    "true in the case the book discusses, false in a case inside the statement's scope that the book does not mention. The evidence names both: the condition under which it holds, and the measured counterexample.",
  fails:
    "false in the case the book itself discusses (its example, its figure, its standard case), or false in general.",
  "not-checkable": "the companion cannot measure it here; the evidence says why.",
};

/**
 * Shown instead of a verdict while no verdict is stored for a claim: by the site and the
 * notebooks, which both render the chapters and so read it here rather than from each other.
 */
export const NOT_YET_VERIFIED = "not yet verified";

/** A row that has no verdict: its check threw or hung. */
export const CRASH_DEFINITION = "the check threw or hung; that is not a verdict, and the run exits 1.";

/**
 * What the labels in the label column mean. `documented`, `observed`, `proposed` and the `*`
 * are the book catalogue's own (chapters.md beside claims.tsv defines them); `found` is the
 * companion's.
 */
export const LABEL_DEFINITIONS: readonly (readonly [label: string, meaning: string])[] = [
  ["documented", "the package's own README or declarations say so."],
  ["observed", "the book ran it."],
  ["proposed", "the book's own design or judgement."],
  [
    "*",
    "after a label (documented*, observed*, proposed*): the label is inferred from the chapter's closing \"what you can and cannot claim\" section, as the notes beside the book's claims.tsv say.",
  ],
  ["found", "the companion's own finding (chapters/findings.tsv): measured here, not stated by the book."],
];
