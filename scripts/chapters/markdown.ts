import markdownIt from "markdown-it";
import type { MarkdownIt, StateCore, Token } from "markdown-it";
import { claimPlugin } from "./claim-plugin.ts";
import { fail, type ChapterEnv } from "./errors.ts";
import { readAllClaims } from "../ledger/catalogue.ts";
import { chapterEnv, includePlugin } from "./include-plugin.ts";
import { inlineTokensWithLines } from "./inline-lines.ts";
import { valuePlugin } from "./value-plugin.ts";

/** What a chapter parser needs: the catalogue's claim ids. */
export interface ChapterParserOptions {
  claimIds: ReadonlySet<string>;
}

/** Any `{{` left in text after the plugins ran is a directive nobody understood: a typo. */
function rejectStrayDirectives(state: StateCore): void {
  const env = chapterEnv(state.env);
  for (const [token, line] of inlineTokensWithLines(state.tokens)) {
    const at = token.type === "text" ? token.content.indexOf("{{") : -1;
    if (at < 0) continue;
    const close = token.content.indexOf("}}", at);
    const directive = close < 0 ? token.content.slice(at) : token.content.slice(at, close + 2);
    fail(
      env,
      line,
      "bad-directive",
      `unknown directive "${directive}"; see scripts/site/README.md for the chapter syntax`,
    );
  }
}

/**
 * The one markdown-it configuration both the site and the notebook generator parse
 * chapters with, so a chapter that builds in one builds in the other.
 */
export function chapterParser(options: ChapterParserOptions): MarkdownIt {
  const md = markdownIt({ html: false, linkify: false, typographer: false });
  md.use(includePlugin);
  md.use(claimPlugin, { ids: options.claimIds });
  md.use(valuePlugin);
  md.core.ruler.after("claim-ids", "stray-directives", rejectStrayDirectives);
  return md;
}

/** Parses one chapter source; throws ChapterBuildError naming `chapter` and the line. */
export function parseChapter(md: MarkdownIt, source: string, chapter: string): { tokens: Token[]; env: ChapterEnv } {
  const env: ChapterEnv = { chapter };
  return { tokens: md.parse(source, env), env };
}

/** The chapter parser with the project's catalogues: the book's claims and the companion's findings. */
export function projectChapterParser(): MarkdownIt {
  return chapterParser({ claimIds: new Set(readAllClaims().map((row) => row.claim.id)) });
}
