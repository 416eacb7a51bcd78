import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  checkInstall,
  isInstallProblem,
  PACKAGE_NAMES,
  PIN,
  type InstalledPi,
  type PackageKey,
} from "../toolchain/pin.ts";
import type { CachedInstall } from "../matrix/install-cache.ts";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { applyPatch, isPatchRefused, type PatchRefused } from "./apply.ts";
import { isListingPatch, type PatchSpec } from "./spec.ts";
import { LISTINGS } from "../toolchain/listing-source.ts";

/** Patched installs, one folder per spec hash; gitignored, reused across runs. */
export const MUTANTS_CACHE = join(PROJECT_ROOT, ".cache", "mutants");

/** Written last, so a folder without it is half built and is never reused. */
const MARKER = ".patched-install.json";

/** What a patched install is built from: the spec's edit. The description and flips do not change the install. */
export type PatchEdit = Pick<PatchSpec, "package" | "file" | "find" | "replace">;

/** Why a patched install could not be built. */
export interface InstallProblem {
  kind: "pin-not-installed" | "file-unreadable";
  message: string;
}

/** The cache key of `edit` against the pinned versions; `undefined` is the unpatched copy. */
export function installKey(edit: PatchEdit | undefined): string {
  const identity = JSON.stringify({
    pin: PIN,
    edit: edit === undefined ? null : [edit.package, edit.file, edit.find, edit.replace],
  });
  return createHash("sha256").update(identity).digest("hex").slice(0, 16);
}

/** The project's own install of the pin, which every patched install copies. */
function pinnedInstall(): InstalledPi | InstallProblem {
  const installed = checkInstall(PIN);
  if (isInstallProblem(installed)) return { kind: "pin-not-installed", message: installed.message };
  return installed;
}

/**
 * Copies a package folder as hard links (a copy where linking fails), so a patched
 * install costs directory entries, not the packages' megabytes. A patched file is then
 * written as a new file and renamed over its link, never written through it.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * The pinned install with `edit` applied (or, for `undefined`, unpatched), in its own
 * folder whose node_modules holds the three packages the matrix's resolution hook
 * redirects; their other dependencies resolve from the project's node_modules above.
 * Refuses, before writing anything, when the find text does not occur exactly once.
 */
export function ensurePatchedInstall(
  edit: PatchEdit | undefined,
  cacheRoot: string = MUTANTS_CACHE,
): CachedInstall | PatchRefused | InstallProblem {
  const pin = pinnedInstall();
  if ("kind" in pin) return pin;
  const key = installKey(edit);
  const dir = join(cacheRoot, key);

  let patched: { path: string; text: string } | undefined;
  if (edit !== undefined) {
    const packageKey = (Object.keys(PACKAGE_NAMES) as PackageKey[]).find((k) => PACKAGE_NAMES[k] === edit.package)!;
    const source = join(pin.dirs[packageKey], edit.file);
    let original: string;
    try {
      original = readFileSync(source, "utf8");
    } catch (error) {
      return {
        kind: "file-unreadable",
        message: `${edit.package}/${edit.file}: cannot read it in the pinned install (${(error as NodeJS.ErrnoException).code})`,
      };
    }
    const text = applyPatch(original, edit);
    if (isPatchRefused(text)) return text;
    patched = { path: join(dir, "node_modules", edit.package, edit.file), text };
  }

  const versions = { core: pin.core, ai: pin.ai, typebox: pin.typebox };
  try {
    const marker = JSON.parse(readFileSync(join(dir, MARKER), "utf8")) as { key: string };
    if (marker.key === key) return { key, dir, versions, reused: true };
  } catch {
    // no complete install yet: build it
  }
  rmSync(dir, { recursive: true, force: true });
  for (const packageKey of Object.keys(PACKAGE_NAMES) as PackageKey[]) {
    linkTree(pin.dirs[packageKey], join(dir, "node_modules", PACKAGE_NAMES[packageKey]));
  }
  if (patched !== undefined) {
    writeFileAtomically(patched.path, patched.text);
  }
  writeFileSync(join(dir, MARKER), JSON.stringify({ key, edit: edit ?? null }, null, 2) + "\n");
  return { key, dir, versions, reused: false };
}

/**
 * A copy of our two listings with a listing patch's edit applied, in a folder of its own
 * that the ledger's `--listings` runs in place of ours (the Pi install stays the unpatched
 * copy). Refuses, before writing anything, when the find text does not occur exactly once.
 */
export function ensurePatchedListings(
  edit: PatchEdit,
  cacheRoot: string = MUTANTS_CACHE,
): { dir: string } | PatchRefused | InstallProblem {
  if (!isListingPatch(edit)) throw new Error(`${edit.package} is not a listing patch`);
  const dir = join(cacheRoot, `listings-${installKey(edit)}`);
  const files = new Map<string, string>();
  for (const path of Object.values(LISTINGS)) {
    let text: string;
    try {
      text = readFileSync(join(PROJECT_ROOT, path), "utf8");
    } catch (error) {
      return { kind: "file-unreadable", message: `${path}: cannot read it (${(error as NodeJS.ErrnoException).code})` };
    }
    if (path === edit.file) {
      const patched = applyPatch(text, edit);
      if (isPatchRefused(patched)) return patched;
      text = patched;
    }
    files.set(join(dir, path.split("/").at(-1)!), text);
  }
  // Always rewritten: the listings are the project's own files and change with it.
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of files) writeFileAtomically(file, text);
  return { dir };
}
