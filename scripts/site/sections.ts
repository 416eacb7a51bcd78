import type { MarkdownIt, Token } from "markdown-it";
import { claimIdOf } from "../chapters/claim-plugin.ts";

/** A heading of a chapter page, with the anchor the site gives it. */
export interface Section {
  id: string;
  title: string;
}

const headingText = (inline: Token | undefined): string =>
  (inline?.children ?? []).map((c) => (c.type === "claim" ? "" : c.content)).join("").trim();

/**
 * The anchor GitHub gives a heading (lower case, punctuation dropped, spaces to hyphens, `-1`,
 * `-2` for repeats), so a link written for the Markdown on GitHub (`B-releases.md#reading-the-
 * book-with-pi-160`) finds the same heading on the site.
 */
export function headingSlug(title: string, used: Set<string>): string {
  const base = title.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").trim().replace(/\s/g, "-") || "section";
  let id = base;
  for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** Gives every heading of `tokens` an `id`; returns the sections in order. */
function anchorHeadings(tokens: readonly Token[], onSection: (section: Section, at: number) => void = () => {}): void {
  const used = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const title = headingText(tokens[i + 1]);
    const id = headingSlug(title, used);
    token.attrSet("id", id);
    onSection({ id, title }, i);
  });
}

/**
 * Gives every heading an `id` and returns, for each claim id the chapter cites, the section
 * of its first citation.
 */
export function anchorSections(tokens: readonly Token[]): Map<string, Section> {
  const cited = new Map<string, Section>();
  const at = new Map<number, Section>();
  anchorHeadings(tokens, (section, i) => at.set(i, section));
  let current: Section = { id: "", title: "" };
  tokens.forEach((token, i) => {
    current = at.get(i) ?? current;
    for (const child of token.children ?? []) {
      if (child.type === "claim" && !cited.has(claimIdOf(child))) cited.set(claimIdOf(child), current);
    }
  });
  return cited;
}

/** A markdown-it plugin: every heading it renders gets an `id` (appendix and notebook pages). */
export function headingIds(md: MarkdownIt): void {
  md.core.ruler.push("heading_ids", (state) => {
    anchorHeadings(state.tokens);
  });
}
