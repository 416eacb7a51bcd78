// @ts-check
// What every npm script loads ahead of its entry point (`node --import ./scripts/lib/boot.mjs
// scripts/X/main.ts`), in plain Node:
// 1. the preflight, because tsx itself may be missing (one line saying to run npm ci);
// 2. the installed Pi, before any loader hook: on Node 20, tsx's hooks run on a thread of their
//    own, and Pi's 700 modules through them cost about 0.8 s of every command's start-up
//    (not for `--help`, nor for an entry listed in entries-without-pi.json: neither it nor a
//    module it reaches imports Pi at run time, so loading Pi was 0.6 CPU-s of its start spent
//    for nothing; scripts/toolchain/boot-preload.test.ts holds the list to what it measures);
// 3. tsx's hooks, for the entry point and the project's TypeScript.
// It replaces `tsx FILE`, whose CLI started a second Node for the file (0.2 s more). A child a
// command starts with `process.execArgv` boots the same way.
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { installProblem } from "./preflight.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const problem = installProblem(root);
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
// Every entry prints its usage before it imports anything that runs Pi, so `--help` skips
// Pi: 0.3 to 0.5 s of CPU fewer for each (commands.test.ts asks every command for it).
const entry = process.argv[1] === undefined ? undefined : relative(root, process.argv[1]).split(sep).join("/");
/** @type {string[]} */
const withoutPi = JSON.parse(readFileSync(new URL("./entries-without-pi.json", import.meta.url), "utf8"));
const runsPi = entry === undefined || !withoutPi.includes(entry);
if (runsPi && !process.argv.slice(2).includes("--help")) {
  await import("@earendil-works/pi-agent-core");
  await import("@earendil-works/pi-ai");
}
await import("tsx");
