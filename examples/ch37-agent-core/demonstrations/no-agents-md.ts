import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { withPiFirst } from "../../support/preload-pi.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { inTemporaryFolder } from "../../support/temporary-folder.ts";
import { recordingStreamFn, type RecordedRequest } from "../counting-stream-fn.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { makeResearchAgent } from "../research-agent.ts";

/** Whether anything from the working directory's resource files reached a request. */
export interface ResourceDiscoveryRun {
  /** The resource files in the working directory of the run. */
  filesPresent: string[];
  requests: number;
  /** Markers from those files found anywhere in any request (expected: none). */
  markersInRequests: string[];
  /** Markers found in the transcript (expected: none). */
  markersInTranscript: string[];
}

/** What a run in the current working directory sent and kept. */
export interface RecordedRun {
  requests: RecordedRequest[];
  transcript: AgentMessage[];
}

const RESOURCES = {
  "AGENTS.md": "AGENTS-MARKER-37a: always answer in French.",
  "APPEND_SYSTEM.md": "APPEND-MARKER-37b: end every answer with a haiku.",
} as const;

/** Prompts the research agent once, in whatever the working directory is, recording every request. */
export async function promptAndRecord(): Promise<RecordedRun> {
  const { models, model } = scriptedModels([fauxAssistantMessage("Yes: 2.4 shipped.")]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  const recorder = recordingStreamFn(agent.streamFunction);
  agent.streamFunction = recorder.streamFn;
  await agent.prompt("Did the release ship?");
  return { requests: recorder.requests, transcript: agent.state.messages };
}

const LOADER_FLAGS = new Set([
  "--import",
  "--require",
  "-r",
  "--loader",
  "--experimental-loader",
  "--conditions",
  "-C",
]);

/**
 * This process's module-loading flags (tsx, a release's resolution hook, conditions), with
 * every path made absolute so they still resolve from another working directory. Other
 * flags (--test, --eval) are not the child's business.
 */
function loaderFlags(): string[] {
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!LOADER_FLAGS.has(flag)) continue;
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) break;
    flags.push(flag, flag === "--conditions" || flag === "-C" ? value : absoluteSpecifier(flag, value));
  }
  return flags;
}

function absoluteSpecifier(flag: string, value: string): string {
  if (value.startsWith("file:") || isAbsolute(value)) return value;
  if (value.startsWith(".")) return resolve(value);
  // A bare package name resolves from the project, as it did for this process.
  return flag === "--require" || flag === "-r"
    ? createRequire(import.meta.url).resolve(value)
    : import.meta.resolve(value);
}

/**
 * Runs {@link promptAndRecord} in a child process whose working directory holds AGENTS.md
 * and APPEND_SYSTEM.md, and looks for their text in what it sent. A child, because
 * changing this process's working directory would move it under every other check running
 * alongside. The child inherits this process's loader flags, so it measures the same Pi.
 */
export async function runBesideAgentsMd(): Promise<ResourceDiscoveryRun> {
  return inTemporaryFolder("ch37-agents-md-", async (dir) => {
    for (const [name, text] of Object.entries(RESOURCES)) writeFileSync(join(dir, name), `${text}\n`);
    const child = fileURLToPath(new URL("./no-agents-md.child.ts", import.meta.url));
    const flags = loaderFlags();
    const { stdout } = await promisify(execFile)(process.execPath, [...withPiFirst(flags), child], {
      cwd: dir,
    });
    const run = JSON.parse(stdout) as RecordedRun;
    const markers = Object.values(RESOURCES).map((text) => text.split(":")[0]!);
    const sent = JSON.stringify(run.requests);
    const kept = JSON.stringify(run.transcript);
    return {
      filesPresent: Object.keys(RESOURCES),
      requests: run.requests.length,
      markersInRequests: markers.filter((marker) => sent.includes(marker)),
      markersInTranscript: markers.filter((marker) => kept.includes(marker)),
    };
  });
}
