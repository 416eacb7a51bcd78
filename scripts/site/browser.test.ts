// The site in a real browser: Debian's chromium driven by playwright-core (which never downloads
// a browser of its own), every page opened from disk as a reader opens it. What the string tests
// of pages.test.ts cannot see is checked here: what loads, what scrolls, what a tap opens.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { readAllClaims } from "../ledger/catalogue.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { buildSite } from "./build.ts";
import { CLAIMS_PAGE } from "./claims-index.ts";
import { loadVerdicts } from "./claims.ts";
import { CHAPTERS } from "../chapters/project.ts";

/** Debian's chromium package, which CI's apt line installs; CHROMIUM_PATH names another build. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PHONE = { width: 420, height: 900 };
const DESKTOP = { width: 1280, height: 900 };
// As root, in a container, with no network of its own to reach: no sandbox, no GPU, nothing phoned home.
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const noChromium = existsSync(CHROMIUM) ? false : `no chromium at ${CHROMIUM}: apt-get install chromium (CI installs it) to run the site's browser test`;

/** What went wrong while a page loaded: console errors, uncaught exceptions, requests that failed. */
function watchLoad(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`failed to load ${request.url()}: ${request.failure()?.errorText ?? "?"}`));
  return problems;
}

/**
 * How wide the page is when wider than the window, naming the first elements that stick out past
 * its right edge (those whose parent does not), outside any scroll box. (The callbacks below run in
 * the page: they define no named functions, which tsx would wrap in a helper the page lacks.)
 */
function sidewaysScroll(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return undefined;
    const outside = Array.from(document.body.querySelectorAll("*")).filter((el) => {
      if (el.getBoundingClientRect().right <= root.clientWidth + 0.5) return false;
      if (el.parentElement!.getBoundingClientRect().right > root.clientWidth + 0.5) return false;
      for (let up = el.parentElement; up !== null && up !== root; up = up.parentElement) if (getComputedStyle(up).overflowX !== "visible") return false;
      return true;
    });
    const named = outside.slice(0, 3).map((el) => {
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ""}> reaching ${Math.round(el.getBoundingClientRect().right)} px (“${text}”)`;
    });
    return `${root.scrollWidth} px wide in a ${root.clientWidth} px window: ${named.join("; ")}`;
  });
}

/** Claim ids (badges, claim rows) broken inside a word: an id may wrap only after a dot or a hyphen. */
function idsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const code of Array.from(document.querySelectorAll("a.claim code, td.c-id code"))) {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      let seen = "";
      let lastTop: number | undefined;
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== undefined && top > lastTop + 1 && !/[.-]$/.test(seen)) broken.push(`${code.textContent} breaks after “${seen}”`);
          seen += text[i];
          lastTop = top;
        }
      }
    }
    return broken;
  });
}

describe("the site in a real browser (Debian's chromium, pages opened from disk)", () => {
  let browser: Browser;
  let dir: string;
  let pages: string[];
  const url = (name: string): string => pathToFileURL(join(dir, name)).href;
  const verdicts = loadVerdicts();

  before(async () => {
    if (noChromium) return;
    const site = await buildSite();
    dir = mkdtempSync(join(tmpdir(), "site-browser-"));
    writeFilesAtomically(Object.fromEntries([...site].map(([name, text]) => [join(dir, name), text])));
    pages = [...site.keys()].filter((name) => name.endsWith(".html")).sort();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  });
  after(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`every page loads with no console error and no failed load, and does not scroll sideways at ${viewport.width} px`, { skip: noChromium }, async () => {
      const page = await browser.newPage({ viewport });
      const problems = watchLoad(page);
      const failures: string[] = [];
      for (const name of pages) {
        problems.length = 0;
        await page.goto(url(name));
        const sideways = await sidewaysScroll(page);
        if (sideways !== undefined) failures.push(`${name} scrolls sideways: ${sideways}`);
        if (viewport === PHONE) for (const id of await idsBrokenMidWord(page)) failures.push(`${name}: the id ${id}`);
        for (const problem of problems) failures.push(`${name}: ${problem}`);
      }
      await page.close();
      assert.ok(pages.length >= CHAPTERS.length + 2, `only ${pages.length} pages were built`);
      assert.deepEqual(failures, [], `at ${viewport.width} px:\n${failures.join("\n")}`);
    });
  }

  test("the claims index's filters leave exactly the rows with the chosen verdict and label, each showing its statement and evidence", { skip: noChromium }, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const problems = watchLoad(page);
    await page.goto(url(CLAIMS_PAGE));
    const rows = readAllClaims();
    const shownRows = () => page.$$eval("#claims-index tbody tr", (trs) => trs.filter((tr) => tr.checkVisibility()).map((tr) => tr.id));
    const count = () => page.locator("form.filter output").textContent();
    const withVerdict = (verdict: string) => rows.filter((r) => verdicts.get(r.claim.id)?.verdict === verdict);

    const qualified = withVerdict("qualified");
    assert.ok(qualified.length > 0, "some claim is qualified at the pin");
    await page.selectOption('select[name="verdict"]', "qualified");
    assert.deepEqual(await shownRows(), qualified.map((r) => r.claim.id), "verdict qualified: the rows left");
    assert.equal(await count(), `${qualified.length} of ${rows.length}`);
    for (const { claim } of qualified) {
      const row = page.locator(`tr[id="${claim.id}"]`);
      assert.equal((await row.locator("td.c-text").first().textContent())?.startsWith(claim.claim), true, `${claim.id} shows its statement`);
      const evidence = row.locator("td.evidence");
      assert.equal(await evidence.evaluate((td) => td.firstChild?.textContent), verdicts.get(claim.id)!.evidence, `${claim.id} shows its evidence`);
      const box = (await evidence.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${claim.id}'s evidence lies inside the ${PHONE.width} px window (x ${box.x}, width ${box.width})`);
    }

    await page.selectOption('select[name="label"]', "found");
    const qualifiedFindings = qualified.filter((r) => r.claim.label === "found");
    assert.deepEqual(await shownRows(), qualifiedFindings.map((r) => r.claim.id), "verdict qualified and label found: the rows left");

    await page.selectOption('select[name="verdict"]', "holds");
    assert.deepEqual(await shownRows(), withVerdict("holds").filter((r) => r.claim.label === "found").map((r) => r.claim.id), "verdict holds and label found");

    await page.selectOption('select[name="verdict"]', "");
    await page.selectOption('select[name="label"]', "");
    assert.equal((await shownRows()).length, rows.length, "every verdict, every label: every row");
    assert.equal(await count(), `${rows.length} of ${rows.length}`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("the evidence at the newest release, folded under its verdict in the index, opens with a tap", { skip: noChromium }, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(url(CLAIMS_PAGE));
    const folded = page.locator("details.newest-evidence").first();
    const evidence = folded.locator("p");
    assert.equal(await evidence.evaluate((p) => p.checkVisibility()), false, "folded until tapped");
    await folded.locator("summary").click();
    assert.equal(await evidence.evaluate((p) => p.checkVisibility()), true, "the newest release's evidence shows");
    await page.close();
  });

  test("a badge in a chapter's text opens its claim's evidence, and the claim's id leads on to its row in the index", { skip: noChromium }, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const chapter = CHAPTERS[0]!;
    await page.goto(url(chapter.page));
    const badge = page.locator('a.claim[data-verdict="qualified"]').first();
    const id = (await badge.getAttribute("data-claim"))!;
    const evidence = verdicts.get(id)!.evidence;
    assert.ok(evidence !== "", `${id} has stored evidence`);
    const row = page.locator(`tr[id="claim-${id}"]`);
    assert.ok((await row.boundingBox())!.y >= PHONE.height, "the claim's row is below the window before the tap");

    await badge.click();
    const box = (await row.boundingBox())!;
    assert.ok(box.y > -1 && box.y < PHONE.height, `after the tap ${id}'s row is on screen (top at ${box.y} px)`);
    assert.equal(await row.locator("td.evidence").evaluate((td) => td.firstChild?.textContent), evidence);
    assert.ok(await row.locator("td.evidence").isVisible(), "its evidence is visible");

    await Promise.all([page.waitForURL(`${url(CLAIMS_PAGE)}#${id}`), row.locator("td.c-id a").click()]);
    const indexRow = page.locator(`tr[id="${id}"]`);
    const indexBox = (await indexRow.boundingBox())!;
    assert.ok(indexBox.y > -1 && indexBox.y < PHONE.height, `the index opens at ${id}'s row (top at ${indexBox.y} px)`);
    assert.equal(await indexRow.locator("td.evidence").evaluate((td) => td.firstChild?.textContent), evidence);
    await page.close();
  });
});
