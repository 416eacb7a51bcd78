"use strict";
// scripts/lib/atomic-write.ts's one-file write for CommonJS: the kernel and the TypeScript
// loader run without tsx (the kernel inside a startup snapshot), so they cannot import the
// TypeScript helper.
const fs = require("node:fs");
const path = require("node:path");

/**
 * Writes `data` to `file` beside itself under a hidden per-process name, then renames it, so
 * two kernels writing at once, or one killed mid-write, leave the old file or the new one
 * whole. Throws as writeFileSync does; the temporary file is gone either way.
 * @param {string} file
 * @param {string | NodeJS.ArrayBufferView} data
 */
function writeFileAtomically(file, data) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

module.exports = { writeFileAtomically };
