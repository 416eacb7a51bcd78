// The kernel under Jupyter's classic Notebook server (issue 30, item 10): Debian ships
// `jupyter notebook` 6.4 (package jupyter-notebook) and no `jupyter lab`, so a reader on
// Debian opens the notebooks there. nbclient/classic_server.py starts the server on
// 127.0.0.1 with a token, opens a session for a committed notebook under the kernel its
// metadata names, runs cells over the kernel's websocket as the browser does, and
// interrupts one through the server's REST API. Skips, saying why, without the package.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { pythonWith, temporaryJupyter } from "./jupyter-home.ts";
import type { Notebook } from "../chapters/notebook-file.ts";
import { TYPE_ERROR_NAME } from "./kernelspec.ts";

const SCRIPT = join(PROJECT_ROOT, "scripts", "notebooks", "nbclient", "classic_server.py");
const NOTEBOOKS = join(PROJECT_ROOT, "notebooks");
const python = pythonWith("notebook.notebookapp");
const server = spawnSync("jupyter-notebook", ["--version"], { encoding: "utf8" });
const skip =
  python === undefined || server.status !== 0
    ? "Jupyter's classic Notebook server is not installed (apt-get install jupyter-notebook, Debian's 6.4)"
    : false;
const jupyter = temporaryJupyter("pi-classic-");
after(() => jupyter.remove());

interface ServerCell {
  status: string;
  ename: string | null;
  text: string;
  results: string[];
  seconds: number;
}

test("kernel.classic-notebook: a committed notebook's kernel runs cells under `jupyter notebook` (6.4), and one Stop cancels a cell during its type check or while it runs", { skip, timeout: 600_000 }, () => {
  jupyter.installKernelspec();
  const notebook = readdirSync(NOTEBOOKS).filter((name) => name.endsWith(".ipynb")).sort()[0]!;
  const kernel = (JSON.parse(readFileSync(join(NOTEBOOKS, notebook), "utf8")) as Notebook).metadata.kernelspec?.name;
  assert.ok(kernel !== undefined, `${notebook} names no kernel`);
  const plan = join(jupyter.home, "plan.json");
  const loop = "const until = Date.now() + 30_000;\nwhile (Date.now() < until) {}\nconsole.log('ran to its end');";
  // The first cell imports Pi: at a first opening (the cell cache off) its check takes seconds, and Stop comes during it.
  const steps = [
    { code: `import { Agent } from "@earendil-works/pi-agent-core";\n${loop}`, interrupt_after: 0.5 },
    { code: "console.log(process.cwd());\n6 * 7" },
    { code: loop, interrupt_after: 3 },
    { code: "console.log('after');" },
  ];
  writeFileSync(plan, JSON.stringify(steps));
  const env = { ...jupyter.env, PI_COMPANION_KERNEL_CACHE: "off" };
  const run = spawnSync(python!, [SCRIPT, NOTEBOOKS, notebook, kernel, plan], { cwd: PROJECT_ROOT, env, encoding: "utf8", timeout: 540_000 });
  assert.equal(run.status, 0, `classic_server.py exited ${run.status}:\n${run.stderr}`);
  const { kernel: started, cells } = JSON.parse(run.stdout) as { kernel: string; cells: ServerCell[] };
  const [checking, first, interrupted, next] = cells;
  assert.equal(started, kernel);
  assert.ok(checking!.status === "error" && checking!.ename === "KeyboardInterrupt" && !checking!.text.includes("ran to its end"), JSON.stringify(checking));
  assert.deepEqual([first!.status, first!.text, first!.results], ["ok", `${PROJECT_ROOT}\n`, ["42"]], JSON.stringify(first));
  assert.ok(interrupted!.status === "error" && interrupted!.ename !== TYPE_ERROR_NAME && interrupted!.seconds < 15 && !interrupted!.text.includes("ran to its end"), JSON.stringify(interrupted));
  assert.deepEqual([next!.status, next!.text], ["ok", "after\n"], JSON.stringify(next));
});

test("kernel.classic-notebook: one Stop reaches the kernel once, though Jupyter signals the launcher's whole process group and the launcher passes the signal on", { skip, timeout: 300_000 }, () => {
  jupyter.installKernelspec();
  const notebook = readdirSync(NOTEBOOKS).filter((name) => name.endsWith(".ipynb")).sort()[0]!;
  const kernel = (JSON.parse(readFileSync(join(NOTEBOOKS, notebook), "utf8")) as Notebook).metadata.kernelspec!.name;
  const plan = join(jupyter.home, "plan-once.json");
  // A second SIGINT used to come late, under load, and break into whatever cell ran next.
  const steps = [
    { code: "let sigints = 0;\nprocess.on('SIGINT', () => { sigints++; });\n0" },
    { code: "await new Promise((resolve) => setTimeout(resolve, 3000));", interrupt_after: 1 },
    { code: "await new Promise((resolve) => setTimeout(resolve, 1000));\nconsole.log(`SIGINTs: ${sigints}`);" },
  ];
  writeFileSync(plan, JSON.stringify(steps));
  const run = spawnSync(python!, [SCRIPT, NOTEBOOKS, notebook, kernel, plan], { cwd: PROJECT_ROOT, env: jupyter.env, encoding: "utf8", timeout: 240_000 });
  assert.equal(run.status, 0, `classic_server.py exited ${run.status}:\n${run.stderr}`);
  const [, interrupted, counted] = (JSON.parse(run.stdout) as { cells: ServerCell[] }).cells;
  assert.equal(interrupted!.status, "error", JSON.stringify(interrupted));
  assert.deepEqual([counted!.status, counted!.text], ["ok", "SIGINTs: 1\n"], JSON.stringify(counted));
});
