import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** What one module says for itself: whether it is a hit, and the relative specifiers to follow. */
export interface ModuleLook {
  hit: boolean;
  relatives: readonly string[];
}

/**
 * Whether `file`, or a module it reaches through the relative specifiers `look` follows, is a
 * hit. `cache` keeps each root's answer, and every hit found on the way (a module found no hit
 * inside a cycle may still reach one from another root, so only hits are kept mid-walk).
 * An unreadable module is no hit.
 */
export function moduleReaches(
  file: string,
  look: (file: string, text: string) => ModuleLook,
  cache: Map<string, boolean>,
): boolean {
  const walk = (at: string, seen: Set<string>): boolean => {
    const known = cache.get(at);
    if (known !== undefined) return known;
    if (seen.has(at)) return false;
    seen.add(at);
    let text: string;
    try {
      text = readFileSync(at, "utf8");
    } catch {
      return false;
    }
    const { hit, relatives } = look(at, text);
    const reaches = hit || relatives.some((specifier) => walk(resolve(dirname(at), specifier), seen));
    if (reaches) cache.set(at, true);
    return reaches;
  };
  const reaches = walk(file, new Set());
  cache.set(file, reaches);
  return reaches;
}
