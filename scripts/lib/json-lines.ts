import { readFileSync } from "node:fs";

/**
 * The JSON values of a file written one per line (a reporter's destination, a child's list of
 * files that did not load); none when the file was never written, as when the child ended first.
 */
export function readJsonLines<T>(path: string): T[] {
  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // never written
  }
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as T);
}
