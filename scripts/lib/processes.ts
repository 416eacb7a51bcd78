import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** One process as `ps -o pid=,args=` prints it. */
export interface ProcessRow {
  pid: number;
  args: string;
}

/** The rows of `ps -o pid=,args=` output. */
export function psRows(text: string): ProcessRow[] {
  return text.split("\n").flatMap((line) => {
    const [, id, args] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
    return id === undefined ? [] : [{ pid: Number(id), args: args ?? "" }];
  });
}

/** The processes whose parent is `pid`: their pids and command lines. */
export function childrenOf(pid: number): ProcessRow[] {
  return psRows(spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" }).stdout);
}

/**
 * Whether `pid` still runs. A process that ended but that its parent has not reaped yet (a
 * zombie; an orphan waits for pid 1 to reap it) does not, though signal 0 still reaches it.
 */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses; the state follows it.
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Resolves true once `pid` no longer runs ({@link isRunning}), false if it still runs after `limitMs`. */
export async function ended(pid: number, limitMs: number): Promise<boolean> {
  for (let waited = 0; isRunning(pid); waited += 100) {
    if (waited >= limitMs) return false;
    await sleep(100);
  }
  return true;
}
