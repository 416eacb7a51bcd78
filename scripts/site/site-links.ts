import { posix } from "node:path";
import type { MarkdownIt } from "markdown-it";

/** Where a rendered Markdown file lives: the site page it becomes, and its folder in the project. */
export interface LinkContext {
  page: string;
  sourceDir: string;
}

/**
 * The site's own address for each project file a page may link to, so that every link stays
 * inside site/ (the site is published on its own): chapters, notebooks and appendices by their
 * pages, and every file under examples/ by a highlighted page of its own, made on demand.
 */
export class SiteLinks {
  /** The examples/ files some page links to; each gets a code page. */
  readonly codeFiles = new Set<string>();

  constructor(private readonly pages: ReadonlyMap<string, string>) {}

  /** The code page of a project file (`code/examples/…/x.ts.html`), registered to be written. */
  codePage(path: string): string {
    this.codeFiles.add(path);
    return `code/${path}.html`;
  }

  /** The site page that shows `projectPath`, or undefined when the site has none. */
  pageOf(projectPath: string): string | undefined {
    return this.pages.get(projectPath) ?? (projectPath.startsWith("examples/") ? this.codePage(projectPath) : undefined);
  }

  /** `target` (a site page, maybe with a fragment) as a relative link from `fromPage`. */
  relative(fromPage: string, target: string): string {
    const [path = "", fragment] = target.split("#");
    const from = posix.dirname(fromPage);
    const rel = path === fromPage ? "" : posix.relative(from, path);
    return `${rel}${fragment === undefined ? "" : `#${fragment}`}`;
  }

  /**
   * A Markdown link of a project file (relative to its folder) as a link inside the site;
   * external and in-page links are left as they are, and so is a path the site does not show.
   */
  rewrite(href: string, context: LinkContext): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#")) return href;
    const [path = "", fragment] = href.split("#");
    const page = this.pageOf(posix.normalize(posix.join(context.sourceDir, path)));
    return page === undefined ? href : this.relative(context.page, fragment === undefined ? page : `${page}#${fragment}`);
  }

  /** Installs the rewrite on `md`'s links; each render passes `{ links: LinkContext }` in its env. */
  use(md: MarkdownIt): void {
    md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
      const context = (env as { links?: LinkContext } | undefined)?.links;
      const token = tokens[idx]!;
      if (context !== undefined) token.attrSet("href", this.rewrite(String(token.attrGet("href") ?? ""), context));
      return self.renderToken(tokens, idx, options);
    };
  }
}
