import { existsSync } from "node:fs";
import { join } from "node:path";
import { contentText, fauxAssistantMessage, fauxToolCall, type Message } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { inTemporaryFolder } from "../../support/temporary-folder.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { makeResearchAgent } from "../research-agent.ts";

/** The coding agent's built-in tools the research agent was not given. */
export const UNREGISTERED = ["bash", "edit", "write"] as const;

/** What became of one call to a tool the agent does not have. */
export interface UnregisteredCall {
  tool: string;
  /** `isError` on the toolResult in the transcript. */
  isError: boolean | undefined;
  text: string;
  /** The next request carried the result as an error, so the model is told. */
  modelSawError: boolean;
}

/** The research agent asked, in one batch, for bash, edit, write and its own lookup. */
export interface UnregisteredRun {
  calls: UnregisteredCall[];
  /** Files the bash/edit/write calls asked to create that exist afterwards. */
  filesCreated: string[];
  /** The registered tool in the same batch ran (so the batch itself was executed). */
  registeredToolRan: boolean;
  /** The run went on to the model's answer. */
  finalStopReason: string | undefined;
  providerRequests: number;
}

/**
 * Runs chapter 37's research agent (one registered tool, `lookup_evidence`) against a model
 * that also calls bash, edit and write, each asked to create a file in a fresh folder.
 */
export async function runUnregisteredToolCalls(): Promise<UnregisteredRun> {
  return inTemporaryFolder("unregistered-", async (folder) => {
    const target = (tool: string) => join(folder, `${tool}-ran.txt`);
    let nextRequest: Message[] = [];
    const { faux, models, model } = scriptedModels([
      fauxAssistantMessage(
        [
          fauxToolCall("bash", { command: `touch ${target("bash")}` }),
          fauxToolCall("edit", { path: target("edit"), oldText: "", newText: "x" }),
          fauxToolCall("write", { path: target("write"), content: "x" }),
          fauxToolCall("lookup_evidence", { query: "release" }),
        ],
        { stopReason: "toolUse" },
      ),
      (context) => {
        nextRequest = structuredClone(context.messages);
        return fauxAssistantMessage("Only the lookup was available.");
      },
    ]);
    const agent = makeResearchAgent(models, model, releaseCorpus);
    await agent.prompt("Did the release ship? Check the machine too.");
    const results = agent.state.messages.flatMap((m) => (m.role === "toolResult" ? [m] : []));
    const calls = UNREGISTERED.map((tool): UnregisteredCall => {
      const result = results.find((m) => m.toolName === tool);
      const text = result ? contentText(result.content) : "";
      return {
        tool,
        isError: result?.isError,
        text,
        modelSawError: nextRequest.some(
          (m) => m.role === "toolResult" && m.toolName === tool && m.isError && contentText(m.content) === text,
        ),
      };
    });
    const lookup = results.find((m) => m.toolName === "lookup_evidence");
    const last = agent.state.messages.at(-1);
    return {
      calls,
      filesCreated: UNREGISTERED.map(target).filter((path) => existsSync(path)),
      registeredToolRan: lookup !== undefined && !lookup.isError && contentText(lookup.content).startsWith("["),
      finalStopReason: last?.role === "assistant" ? last.stopReason : undefined,
      providerRequests: faux.state.callCount,
    };
  });
}
