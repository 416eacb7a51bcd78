import type { CatalogueRow } from "../ledger/catalogue.ts";
import type { LedgerVerdict } from "./claims.ts";
import { breakableId, escapeHtml, htmlPage, verdictClass, type NavEntry } from "./layout.ts";
import { NO_EVIDENCE, NOT_YET_VERIFIED, labelLegend, verdictLegend } from "./legend-html.ts";
import type { Section } from "./sections.ts";

/** The claims index page. */
export const CLAIMS_PAGE = "claims.html";

/** Where a claim is made on the site: a chapter page and the section of its first citation. */
export interface Citation {
  page: string;
  /** The chapter's short name (ch37, ch38, recipe). */
  chapter: string;
  section: Section;
}

/** Everything the index shows about one claim. */
export interface IndexedClaim {
  row: CatalogueRow;
  atPin: string;
  /** The evidence for the verdict at the pin ("" when no stored source has it). */
  evidence: string;
  atNewest: string | undefined;
  /** Appendix B's evidence at the newest release, when it measured the claim. */
  newestEvidence: string | undefined;
  citation: Citation | undefined;
}

/** The verdict a badge shows at the pin: the stored one, or "not yet verified". */
export const shownVerdict = (verdicts: ReadonlyMap<string, LedgerVerdict>, id: string): string => verdicts.get(id)?.verdict ?? NOT_YET_VERIFIED;

export function badge(verdict: string, title = ""): string {
  return `<span class="claim verdict-${verdictClass(verdict)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${escapeHtml(verdict)}</span>`;
}

function options(name: string, values: readonly string[]): string {
  return [`<option value="">every ${name}</option>`, ...values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`)].join("");
}

// Filtering happens in the page, so the index works opened from disk, without a server.
const FILTER_SCRIPT = `for (const form of document.querySelectorAll("form.filter")) {
  const rows = [...document.querySelectorAll("#claims-index tbody tr")];
  const shown = form.querySelector("output");
  const apply = () => {
    const wanted = Object.fromEntries([...form.querySelectorAll("select")].map((s) => [s.name, s.value]));
    let n = 0;
    for (const row of rows) {
      row.hidden = Object.entries(wanted).some(([key, value]) => value !== "" && row.dataset[key] !== value);
      if (!row.hidden) n++;
    }
    shown.value = n + " of " + rows.length;
  };
  form.addEventListener("change", apply);
  apply();
}`;

/**
 * The evidence cell: the pin's evidence, then, where the newest release reached another
 * verdict, that release's evidence folded under its verdict (open it to read it).
 */
function evidenceCell(claim: IndexedClaim, newest: string | undefined): string {
  const atPin = claim.evidence === "" ? `<span class="no-evidence">${escapeHtml(NO_EVIDENCE)}</span>` : escapeHtml(claim.evidence);
  const differs = newest !== undefined && claim.atNewest !== undefined && claim.atNewest !== claim.atPin && claim.newestEvidence;
  const atNewest = differs
    ? `<details class="newest-evidence"><summary>at ${escapeHtml(newest)}: ${escapeHtml(claim.atNewest!)}</summary><p>${escapeHtml(claim.newestEvidence!)}</p></details>`
    : "";
  return `<td class="c-text evidence" data-th="evidence at the pin">${atPin}${atNewest}</td>`;
}

/** Every book claim and finding: statement, label, verdict at the pin and at the newest release, the evidence, and where it is made. */
export function renderClaimsIndex(
  claims: readonly IndexedClaim[],
  context: { nav: readonly NavEntry[]; newest: string | undefined },
): string {
  const newestTitle = context.newest === undefined ? "newest release" : `at ${context.newest}`;
  const rows = claims.map((claim) => {
    const { row, atPin, atNewest, citation } = claim;
    const id = row.claim.id;
    const where = citation === undefined
      ? `<span class="uncited">not cited on a page</span>`
      : `<a href="${citation.page}#${escapeHtml(citation.section.id)}">${escapeHtml(citation.chapter)} · ${escapeHtml(citation.section.title)}</a>`;
    return (
      `<tr id="${escapeHtml(id)}" data-verdict="${escapeHtml(atPin)}" data-newest="${escapeHtml(atNewest ?? "not measured")}" data-label="${escapeHtml(row.claim.label)}" data-catalogue="${row.catalogue}">` +
      `<td class="c-id"><code>${breakableId(id)}</code> <span class="c-label">${escapeHtml(row.claim.label)}</span></td>` +
      `<td class="c-text">${escapeHtml(row.claim.claim)}<span class="made-in">made in ${where}</span></td>` +
      `<td class="c-verdict" data-th="at the pin">${badge(atPin)}</td><td class="c-verdict" data-th="${escapeHtml(newestTitle)}">${badge(atNewest ?? "not measured")}</td>` +
      `${evidenceCell(claim, context.newest)}</tr>`
    );
  });
  const distinct = (values: readonly string[]) => [...new Set(values)].sort();
  const body = `<h1>Claims index</h1>
<p>Every claim of the book's chapters 37 and 38 (<code>chapters/claims.tsv</code>) and every finding of this companion
(<code>chapters/findings.tsv</code>, label <code>found</code>), with its verdict at the pin (committed in
<code>appendix/verdicts-at-pin.json</code>) and at the newest release measured in <a href="appendix-b.html">appendix B</a>${context.newest === undefined ? "" : ` (${escapeHtml(context.newest)})`}.
The evidence is what the check measured for the verdict at the pin: from the last full <code>npm start</code> stored in
<code>.cache/ledger.json</code> when there is one, otherwise from appendix A or from appendix B's column of the pin. Where the
newest release reached another verdict, its evidence is folded under that verdict in the same cell.</p>
${verdictLegend()}<p>Labels: where the book's catalogue says each claim comes from.</p>
${labelLegend()}<form class="filter">
<label>Verdict at the pin <select name="verdict">${options("verdict", distinct(claims.map((c) => c.atPin)))}</select></label>
<label>At the newest release <select name="newest">${options("verdict", distinct(claims.map((c) => c.atNewest ?? "not measured")))}</select></label>
<label>Label <select name="label">${options("label", distinct(claims.map((c) => c.row.claim.label)))}</select></label>
<label>Catalogue <select name="catalogue">${options("catalogue", distinct(claims.map((c) => c.row.catalogue)))}</select></label>
shown: <output>${claims.length} of ${claims.length}</output>
</form>
<table id="claims-index" class="claim-rows">
<thead><tr><th class="c-id">id, label</th><th class="c-text">claim, where it is made</th><th class="c-verdict">at the pin</th><th class="c-verdict">${escapeHtml(newestTitle)}</th><th class="c-text evidence">evidence at the pin</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
`;
  return htmlPage({ address: { page: CLAIMS_PAGE }, title: "Claims index", nav: context.nav, body, script: FILTER_SCRIPT, wide: true });
}
