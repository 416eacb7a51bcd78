import { declaredErrorCodes } from "../toolchain/compile.ts";
import type { MarkdownIt, StateBlock, Token } from "markdown-it";
import { fail, type ChapterEnv } from "./errors.ts";
import { checkFailsToCompile } from "./expected-error.ts";
import { isListingProblem, readListing, type Listing } from "./listing.ts";
import { standaloneListing, type Excerpt, type Standalone } from "./standalone-listing.ts";

/** A listing included into a chapter. */
export interface IncludedListing extends Listing {
  /** The TypeScript error a listing that must not compile fails with (e.g. "TS2322"). */
  expectedError: string | undefined;
  /** How a notebook cell runs it; undefined for a listing that must not compile. */
  runnable: Standalone | Excerpt | undefined;
}

const included = new WeakMap<Token, IncludedListing>();

/** The listing behind a `listing` token (undefined for any other token). */
export function listingOf(token: Token): IncludedListing | undefined {
  return included.get(token);
}

// {{#include PATH[:REGION]}} or {{#include-fails PATH[:REGION]}}, alone on a line.
const DIRECTIVE = /^\{\{#include(-fails)?\s+([^\s:}]+)(?::([\w.-]+))?\s*\}\}$/;

/** Reads the chapter env markdown-it passes through; the entry points always set it. */
export function chapterEnv(env: unknown): ChapterEnv {
  const chapter = (env as { chapter?: unknown } | undefined)?.chapter;
  if (typeof chapter !== "string") throw new Error("markdown-it env must name the chapter being parsed");
  return env as ChapterEnv;
}

/**
 * markdown-it plugin: `{{#include examples/x.ts:region}}` on its own line becomes a
 * `listing` token holding that code; `{{#include-fails examples/x.ts}}` also type-checks
 * the file and fails the build unless it fails with exactly the errors its own
 * `// @errors: NNNN` line declares (the one place the expected error is written).
 * A missing file or region fails the build with the chapter file and line.
 */
export function includePlugin(md: MarkdownIt): void {
  function include(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
    if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
    const text = state.src
      .slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]!)
      .trimEnd();
    if (!text.startsWith("{{#include")) return false;
    if (silent) return true;
    const env = chapterEnv(state.env);
    const line = startLine + 1;
    const m = DIRECTIVE.exec(text);
    if (!m) {
      fail(
        env,
        line,
        "bad-directive",
        `cannot read "${text}"; write {{#include PATH[:REGION]}} or {{#include-fails PATH[:REGION]}} (the expected error is the file's // @errors line)`,
      );
    }
    const [, fails, file = "", region] = m;
    const listing = readListing(file, region);
    if (isListingProblem(listing)) fail(env, line, listing.kind, listing.message);
    let expectedError: string | undefined;
    if (fails !== undefined) {
      const declared = declaredErrorCodes(file).map((code) => `TS${code}`);
      if (declared.length === 0) {
        fail(
          env,
          line,
          "bad-directive",
          `${file} has no "// @errors: NNNN" line; {{#include-fails}} reads the error the listing must produce from it`,
        );
      }
      expectedError = declared.join(", ");
      const outcome = checkFailsToCompile(file, declared);
      if (outcome.kind === "compiles") {
        fail(
          env,
          line,
          "compiles-unexpectedly",
          `${file} compiles, but its @errors line says it fails with ${expectedError}`,
        );
      }
      if (outcome.kind === "wrong-error") {
        fail(
          env,
          line,
          "wrong-error",
          `${file} should fail only with ${expectedError}, but the compiler reports ${outcome.message}`,
        );
      }
    }
    const token = state.push("listing", "", 0);
    token.map = [startLine, startLine + 1];
    token.block = true;
    token.content = listing.code;
    const runnable = expectedError === undefined ? standaloneListing(listing) : undefined;
    included.set(token, { ...listing, expectedError, runnable });
    state.line = startLine + 1;
    return true;
  }
  md.block.ruler.before("paragraph", "include", include, { alt: ["paragraph", "reference", "blockquote", "list"] });
}
