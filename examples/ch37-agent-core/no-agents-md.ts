import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { recordingStreamFn } from "./counting-stream-fn.ts";
import { releaseCorpus } from "./corpus.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** Whether anything from the working directory's resource files reached a request. */
export interface ResourceDiscoveryRun {
  /** The resource files written into the working directory for the run. */
  filesPresent: string[];
  requests: number;
  /** Markers from those files found anywhere in any request (expected: none). */
  markersInRequests: string[];
  /** Markers found in the transcript (expected: none). */
  markersInTranscript: string[];
}

const RESOURCES = {
  "AGENTS.md": "AGENTS-MARKER-37a: always answer in French.",
  "APPEND_SYSTEM.md": "APPEND-MARKER-37b: end every answer with a haiku.",
} as const;

/**
 * Runs the research agent with its working directory set to a folder holding AGENTS.md
 * and APPEND_SYSTEM.md, and looks for their text in every request. The working directory
 * is restored and the folder removed whatever happens.
 */
export async function runBesideAgentsMd(): Promise<ResourceDiscoveryRun> {
  const dir = mkdtempSync(join(tmpdir(), "ch37-agents-md-"));
  const previous = process.cwd();
  try {
    for (const [name, text] of Object.entries(RESOURCES)) writeFileSync(join(dir, name), `${text}\n`);
    process.chdir(dir);
    const { models, model } = scriptedModels([fauxAssistantMessage("Yes: 2.4 shipped.")]);
    const agent = makeResearchAgent(models, model, releaseCorpus);
    const recorder = recordingStreamFn(agent.streamFunction);
    agent.streamFunction = recorder.streamFn;
    await agent.prompt("Did the release ship?");
    const markers = Object.values(RESOURCES).map((text) => text.split(":")[0]!);
    const sent = JSON.stringify(recorder.requests);
    const kept = JSON.stringify(agent.state.messages);
    return {
      filesPresent: Object.keys(RESOURCES),
      requests: recorder.requests.length,
      markersInRequests: markers.filter((marker) => sent.includes(marker)),
      markersInTranscript: markers.filter((marker) => kept.includes(marker)),
    };
  } finally {
    process.chdir(previous);
    rmSync(dir, { recursive: true, force: true });
  }
}
