import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** How one run of a command ended: wall time from spawn to exit, and the peak memory of its process tree. */
export interface MeasuredProcess {
  ms: number;
  /** The largest sum of resident memory over the process and its descendants, in bytes; undefined without /proc. */
  peakBytes: number | undefined;
  status: number | null;
  /** The last lines of its stderr, for a report when it did not exit 0. */
  stderrTail: string;
}

const SAMPLE_MS = 50;
const PAGE_BYTES = 4096;

/** Parent pid and resident pages of every process, from /proc; undefined where /proc is missing. */
function processTable(): Map<number, { ppid: number; rssPages: number }> | undefined {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const table = new Map<number, { ppid: number; rssPages: number }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.set(Number(pid), { ppid: Number(fields[1]), rssPages: Number(fields[21]) });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return table;
}

/** Resident bytes of `root` and every process below it, now. */
export function treeResidentBytes(root: number): number | undefined {
  const table = processTable();
  if (table === undefined) return undefined;
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let pages = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    pages += table.get(pid)?.rssPages ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return pages * PAGE_BYTES;
}

/**
 * Runs `node --import tsx <args>` in `cwd`, discarding stdout; times it and samples the
 * resident memory of its whole process tree (the ledger's own children included) every
 * 50 ms. Sampling can miss a peak shorter than that; both contenders are sampled alike.
 */
export function measureTsx(args: readonly string[], cwd: string): Promise<MeasuredProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let peak: number | undefined;
    const sample = () => {
      const bytes = child.pid === undefined ? undefined : treeResidentBytes(child.pid);
      if (bytes !== undefined) peak = Math.max(peak ?? 0, bytes);
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
    child.on("close", (status) => {
      clearInterval(sampler);
      resolve({
        ms: performance.now() - started,
        peakBytes: peak,
        status,
        stderrTail: stderr.trim().split("\n").slice(-3).join(" | "),
      });
    });
  });
}
