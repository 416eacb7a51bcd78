import type { Token } from "markdown-it";
import { claimIdOf } from "../chapters/claim-plugin.ts";

/** A heading of a chapter page, with the anchor the site gives it. */
export interface Section {
  id: string;
  title: string;
}

const headingText = (inline: Token | undefined): string =>
  (inline?.children ?? []).map((c) => (c.type === "claim" ? "" : c.content)).join("").trim();

/**
 * Gives every heading an `id` (its text, lower-cased and hyphenated, made unique) and
 * returns, for each claim id the chapter cites, the section of its first citation.
 */
export function anchorSections(tokens: readonly Token[]): Map<string, Section> {
  const used = new Set<string>();
  const cited = new Map<string, Section>();
  let current: Section = { id: "", title: "" };
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const title = headingText(tokens[i + 1]);
      const base = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "section";
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      token.attrSet("id", id);
      current = { id, title };
    }
    for (const child of token.children ?? []) {
      if (child.type === "claim" && !cited.has(claimIdOf(child))) cited.set(claimIdOf(child), current);
    }
  });
  return cited;
}
