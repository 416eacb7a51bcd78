// The site is published on its own: every link and source of every page must land on a page of
// the site (and on an element of that page when it names an anchor), never on a file beside it.
import assert from "node:assert/strict";
import { posix } from "node:path";
import { describe, test } from "node:test";
import { buildSite } from "./build.ts";

const site = await buildSite();

/** The ids (and names) of the elements of an HTML page. */
const anchorsOf = (html: string): Set<string> => new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => decodeHTML(m[1]!)));
const decodeHTML = (text: string): string => text.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Every link of `html` that is not external (href and src). */
function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeHTML(m[1]!)).filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href));
}

/** Why `href` on `page` does not resolve inside the site, or undefined when it does. */
export function brokenLink(page: string, href: string, pages: ReadonlyMap<string, string>): string | undefined {
  const [path = "", fragment] = href.split("#");
  const target = path === "" ? page : posix.normalize(posix.join(posix.dirname(page), decodeURI(path)));
  if (target.startsWith("../") || target === "..") return `${href} leaves site/`;
  const html = pages.get(target);
  if (html === undefined) return `${href}: no page ${target} in the site`;
  if (fragment === undefined || fragment === "") return undefined;
  return anchorsOf(html).has(decodeURIComponent(fragment)) ? undefined : `${href}: ${target} has no element with id "${fragment}"`;
}

describe("every link inside site/ resolves", () => {
  const pages = [...site].filter(([name]) => name.endsWith(".html"));

  test("the crawl sees the pages a reader reaches: chapters, notebooks, code pages, claims, appendices A to D", () => {
    for (const name of ["index.html", "claims.html", "appendix-a.html", "appendix-b.html", "appendix-c.html", "appendix-d.html", "code/examples/ch38-typed-step/step.ts.html"]) {
      assert.ok(site.has(name), name);
    }
    assert.ok(pages.length > 20, `${pages.length} pages`);
  });

  for (const [page, html] of pages) {
    test(`${page}: every href and src lands on a page of the site, and on its anchor`, () => {
      const broken = [...new Set(linksOf(html))].flatMap((href) => brokenLink(page, href, site) ?? []);
      assert.deepEqual(broken, []);
    });
  }

  test("the crawl itself fails a link outside the site, a missing page and a missing anchor", () => {
    const pages = new Map([["a.html", '<h2 id="there">x</h2>'], ["notebooks/b.html", ""]]);
    assert.equal(brokenLink("a.html", "#there", pages), undefined);
    assert.equal(brokenLink("notebooks/b.html", "../a.html#there", pages), undefined);
    assert.match(brokenLink("a.html", "../appendix/B-releases.md#x", pages) ?? "", /leaves site/);
    assert.match(brokenLink("a.html", "c.html", pages) ?? "", /no page c\.html/);
    assert.match(brokenLink("notebooks/b.html", "../a.html#elsewhere", pages) ?? "", /no element with id "elsewhere"/);
  });
});
