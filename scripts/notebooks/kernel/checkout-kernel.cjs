// @ts-check
"use strict";
// The kernel the notebooks name (`pi-companion-tslab`): it runs the kernel of the checkout
// the notebook is in. Jupyter, JupyterLab, nbclient and VS Code start a kernel in the
// notebook's folder, so the working directory says which checkout's notebook this is;
// with one fixed kernelspec for every checkout, the last `npm run kernel:install` had
// taken every other checkout's notebooks over. The checkout's own start-kernel.cjs runs in
// this process (signals and the connection file reach it directly); the Node, and the tsx
// hooks the kernel's children get (child-flags.cjs), are those of the checkout that
// installed this kernelspec (both pinned alike). A folder in no checkout runs the
// installing checkout's kernel, and says so on stderr.
const fs = require("node:fs");
const path = require("node:path");

const KERNEL_ENTRY = path.join("scripts", "notebooks", "kernel", "start-kernel.cjs");

/**
 * The checkout `dir` is in: the nearest folder up from it holding the kernel and a
 * package.json, or undefined.
 * @param {string} dir
 */
function checkoutOf(dir) {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, KERNEL_ENTRY)) && fs.existsSync(path.join(at, "package.json"))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

if (require.main === module) {
  const installer = path.resolve(__dirname, "..", "..", "..");
  const found = checkoutOf(process.cwd());
  if (found === undefined) {
    process.stderr.write(`pi-companion-tslab: ${process.cwd()} is in no checkout of the companion; running the kernel of ${installer}\n`);
  }
  require(path.join(found ?? installer, KERNEL_ENTRY));
}

module.exports = { checkoutOf };
