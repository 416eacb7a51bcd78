// A process that runs a reader's listings: started with the listings hook and the variable
// naming the folder, so that every import of our listing, in it and in every child it starts
// with its own flags (node:test's files, the ledger's test-file runs), loads the reader's.
import { spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LISTINGS_ENV, readerListingsDir } from "../toolchain/listing-source.ts";

/** The module that registers the hook; `--import` it after tsx. */
export const REGISTER_LISTINGS_HOOK = fileURLToPath(new URL("./register-hook.ts", import.meta.url));

/** Whether this process already runs `dir`'s listings (it was started by {@link rerunWithListings}, or {@link loadListingsOf} ran). */
export function runsListingsOf(dir: string): boolean {
  return readerListingsDir() === dir && process.execArgv.includes(REGISTER_LISTINGS_HOOK);
}

/**
 * Runs this same script again, with `args`, in a child that loads the listings of `dir`
 * (absolute) in place of the companion's; its output is this process's, and so is its exit status.
 */
export function rerunWithListings(dir: string, args: readonly string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, "--import", REGISTER_LISTINGS_HOOK, process.argv[1]!, ...args],
    {
      env: { ...process.env, [LISTINGS_ENV]: dir },
      stdio: "inherit",
    },
  );
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    // A child ended by a signal has no status of its own: the run did not finish.
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * Makes this process run the listings of `dir` (absolute) from here on, without a second
 * process: the variable names the folder, the listings hook serves every later import, and a
 * child started with this process's flags loads them too. A module imported before it keeps
 * what it loaded, so only a process that has loaded no listing yet may call it (the listings
 * command; the ledger's checks import them as they load, and it reruns itself instead). The
 * rerun cost every `npm run listings` a second Node with tsx and Pi (about 1 s of CPU).
 */
export async function loadListingsOf(dir: string): Promise<void> {
  process.env[LISTINGS_ENV] = dir;
  process.execArgv.push("--import", REGISTER_LISTINGS_HOOK);
  await import(pathToFileURL(REGISTER_LISTINGS_HOOK).href);
}
