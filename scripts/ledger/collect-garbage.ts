import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection, now. After the type-check V8's heap limit is high enough that
 * the checks that follow would never reach it: without this, the memory the dropped program
 * held stays resident beside them and their child processes for the rest of the run.
 */
export function collectGarbage(): void {
  // The flag makes V8 give a new context a gc(); this process keeps its own globals as they are.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // V8 stamps a code cache with a hash of its flags: left set, the flag made the cache of
  // typescript.js this process keeps unusable to every other process, and theirs to it.
  setFlagsFromString("--no-expose-gc");
  gc();
}
