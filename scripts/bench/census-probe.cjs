// @ts-check
"use strict";
// Loaded into every Node process of a measured `npm test` (NODE_OPTIONS=--require this file,
// process-census.ts): it keeps the process's command line and the CPU time it has used in
// PI_COMPANION_CENSUS_DIR/PID.json, rewritten every 250 ms and as it exits, so that a
// process stopped with SIGKILL (a kernel a test stops) still counts up to its last write.
// Nothing when the variable is unset; a write that fails is left out (a census, not a test).
const fs = require("node:fs");
const path = require("node:path");
const { isMainThread } = require("node:worker_threads");

const dir = process.env.PI_COMPANION_CENSUS_DIR;
if (dir !== undefined && dir !== "" && isMainThread) {
  const file = path.join(dir, `${process.pid}.json`);
  const write = () => {
    try {
      const { user, system } = process.cpuUsage();
      const row = {
        pid: process.pid,
        ppid: process.ppid,
        argv: process.argv.slice(1),
        cwd: process.cwd(),
        cpuSeconds: (user + system) / 1e6,
      };
      fs.writeFileSync(file, JSON.stringify(row));
    } catch {
      // The directory was removed, or the disk is full: this process goes uncounted.
    }
  };
  setInterval(write, 250).unref();
  process.on("exit", write);
}
