import { VERDICTS } from "../ledger/check.ts";
import { APPENDICES } from "./appendix-pages.ts";
import { CLAIMS_PAGE, badge, type IndexedClaim } from "./claims-index.ts";
import { escapeHtml, htmlPage, type NavEntry } from "./layout.ts";
import { NOT_YET_VERIFIED, labelLegend, verdictLegend } from "./legend-html.ts";
import { notebookPage } from "./notebook-view.ts";
import type { Chapter } from "../chapters/project.ts";

/** Count per verdict, the four verdicts first, then anything else shown (crashed, not yet verified). */
function tally(verdicts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>(VERDICTS.map((v) => [v, 0]));
  for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** The totals table: verdicts at the pin (book claims, findings) and at the newest release. */
export function renderTotals(claims: readonly IndexedClaim[], newest: string | undefined): string {
  const book = claims.filter((c) => c.row.catalogue === "book");
  const findings = claims.filter((c) => c.row.catalogue === "findings");
  const columns = [
    { title: `book claims at the pin`, counts: tally(book.map((c) => c.atPin)) },
    { title: `findings at the pin`, counts: tally(findings.map((c) => c.atPin)) },
    ...(newest === undefined ? [] : [{ title: `book claims at ${newest}`, counts: tally(book.map((c) => c.atNewest ?? "not measured")) }]),
  ];
  const verdicts = [...new Set(columns.flatMap((c) => [...c.counts.keys()]))];
  const rows = verdicts.map((v) =>
    `<tr><td>${badge(v)}</td>${columns.map((c) => `<td class="number">${c.counts.get(v) ?? 0}</td>`).join("")}</tr>`);
  const total = `<tr class="total"><td>total</td>${columns.map((c) => `<td class="number">${[...c.counts.values()].reduce((a, b) => a + b, 0)}</td>`).join("")}</tr>`;
  return (
    `<table class="totals" id="totals">\n<thead><tr><th>verdict</th>${columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join("")}</tr></thead>\n` +
    `<tbody>\n${rows.join("\n")}\n${total}\n</tbody>\n</table>\n`
  );
}

/** The contents page: chapters and their notebooks, the claims index, the appendices, and the totals. */
export function renderIndex(context: {
  chapters: readonly { chapter: Chapter; title: string }[];
  claims: readonly IndexedClaim[];
  newest: string | undefined;
  nav: readonly NavEntry[];
}): string {
  const chapters = context.chapters
    .map(({ chapter, title }) => `<li><a href="${chapter.page}">${escapeHtml(title)}</a> · <a class="notebook" href="${notebookPage(chapter)}">notebook</a></li>`)
    .join("\n");
  const appendices = APPENDICES.map((a) => `<li><a href="${a.page}">${escapeHtml(a.title)}</a> (<code>${escapeHtml(a.writtenBy)}</code>)</li>`).join("\n");
  const body = `<h1>Companion to chapters 37 and 38</h1>
<h2>Chapters</h2>
<ul class="chapters">
${chapters}
</ul>
<h2>Claims and appendices</h2>
<ul>
<li><a href="${CLAIMS_PAGE}">Claims index</a>: every claim and finding, its verdict at the pin and at the newest release, filterable</li>
${appendices}
</ul>
<h2>Totals</h2>
${renderTotals(context.claims, context.newest)}<p>Verdicts at the pin are the committed ones (<code>appendix/verdicts-at-pin.json</code>,
written by a full <code>npm start</code> when a verdict changes), so every clone renders the same badges; those at the newest
release come from <a href="appendix-b.html">appendix B</a>. “${NOT_YET_VERIFIED}”: no verdict is stored for the claim yet.</p>
<h2 id="verdicts-and-labels">Verdicts and labels</h2>
<p>Each claim carries a verdict, measured by the ledger against the installed Pi:</p>
${verdictLegend()}<p>and a label, from the book's catalogue (the claims index filters by it):</p>
${labelLegend()}`;
  return htmlPage({ address: { page: "index.html" }, title: "Companion to chapters 37 and 38", nav: context.nav, body });
}
