import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A checkout of another commit to run its ledger beside this one's; `remove` deletes it. */
export interface BaseCheckout {
  dir: string;
  /** The commit, abbreviated, as the appendix names it. */
  commit: string;
  /** How its node_modules was made: this checkout's (same lockfile), or `npm ci`. */
  install: "shared" | "npm ci";
  remove(): void;
}

function git(root: string, args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * A temporary `git worktree` of `rev`. Its node_modules is this checkout's when the two
 * lockfiles are identical (the same install, so only the code differs), else its own
 * `npm ci`. Throws with git's or npm's message when either step fails.
 */
export function checkoutBase(root: string, rev: string, progress: (line: string) => void): BaseCheckout {
  const commit = git(root, ["rev-parse", "--short=12", `${rev}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), `ledger-base-${commit}-`));
  git(root, ["worktree", "add", "--detach", "--force", dir, commit]);
  const remove = () => {
    try {
      git(root, ["worktree", "remove", "--force", dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const lock = (d: string) =>
      existsSync(join(d, "package-lock.json")) ? readFileSync(join(d, "package-lock.json"), "utf8") : "";
    if (lock(dir) === lock(root)) {
      symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
      return { dir, commit, install: "shared", remove };
    }
    progress(`ledger: npm ci in a checkout of ${commit} (its lockfile differs)`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
    });
    return { dir, commit, install: "npm ci", remove };
  } catch (error) {
    remove();
    throw error;
  }
}
