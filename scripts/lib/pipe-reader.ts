import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The process group of `pid` from /proc (field 5 of stat, after the parenthesised name). */
function processGroup(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[2];
  } catch {
    return undefined;
  }
}

/**
 * Whether `fd` is a pipe whose read end no process of our process group holds any more
 * (`npm start | head -3` after head exited). Linux only, from /proc; false wherever it
 * cannot tell, so the caller falls back on the EPIPE of its next write. Lets a command that
 * writes rarely stop its work when nobody reads, instead of at its next write.
 */
export function pipeReaderGone(fd = 1): boolean {
  let pipe: string;
  try {
    pipe = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return false;
  }
  if (!pipe.startsWith("pipe:")) return false;
  const group = processGroup("self");
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    if (processGroup(pid) !== group) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const other of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${other}`) !== pipe) continue;
        const flags = /flags:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${other}`, "utf8"))?.[1];
        // O_WRONLY is 1: anything else can read.
        if (flags === undefined || (parseInt(flags, 8) & 3) !== 1) return false;
      } catch {
        continue;
      }
    }
  }
  return true;
}
