import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Text normalised for finding a sentence: markdown emphasis and code ticks dropped,
 * line-leading list, quote, heading and `//` comment markers dropped, whitespace
 * collapsed, lower-cased. `lineAt[i]` is the 1-based source line of normalised char i.
 */
export interface NormalisedText {
  text: string;
  lineAt: number[];
}

const LINE_PREFIX = /^\s*(?:\/\/+|#+|>|[-*+](?=\s)|\d+\.(?=\s))?\s*/;

function normaliseFragment(fragment: string): string {
  return fragment
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** Normalises a document line by line, keeping where each character came from. */
export function normaliseDocument(source: string): NormalisedText {
  let text = "";
  const lineAt: number[] = [];
  source.split("\n").forEach((line, index) => {
    const body = normaliseFragment(line.replace(LINE_PREFIX, "")).trim();
    if (body === "") return;
    const piece = (text === "" ? "" : " ") + body;
    text += piece;
    for (let i = 0; i < piece.length; i++) lineAt.push(index + 1);
  });
  return { text, lineAt };
}

/** Where a phrase was found in a document. */
export interface Located {
  phrase: string;
  /** 1-based line where the phrase starts, or undefined when it is not in the document. */
  line: number | undefined;
}

/** Whitespace collapsed and nothing else: for quotes, which must stand in the source word for word. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Finds a phrase (normalised the same way) in a normalised document. */
export function locate(document: NormalisedText, phrase: string): Located {
  const at = document.text.indexOf(normaliseFragment(phrase).trim());
  return { phrase, line: at < 0 ? undefined : document.lineAt[at] };
}

/** A README as read: its raw text and its normalised form. */
export interface Readme {
  raw: string;
  normalised: NormalisedText;
}

const cache = new Map<string, Readme>();

/** A package's README.md (read once per package folder). */
export function packageReadme(packageDir: string): Readme {
  const cached = cache.get(packageDir);
  if (cached !== undefined) return cached;
  const raw = readFileSync(join(packageDir, "README.md"), "utf8");
  const readme = { raw, normalised: normaliseDocument(raw) };
  cache.set(packageDir, readme);
  return readme;
}
