import {
  fauxAssistantMessage,
  fauxToolCall,
  Type,
  type AssistantMessage,
  type Static,
  type ToolCall,
} from "@earendil-works/pi-ai";
import { lookupEvidence } from "../../ch37-agent-core/research-agent.ts";
import { releaseCorpus } from "../../ch37-agent-core/support/corpus.ts";
import { SUBMIT } from "./book-step.ts";

// Builders for scripted model responses, so a scenario reads as the conversation it is.

/** The schema the chapter's scenarios ask for: a verdict on a claim. */
export const Verdict = Type.Object({
  verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted"), Type.Literal("unclear")]),
});

/**
 * The schema the fuzzer's generated conversations (scripts/fuzz) and the argument-conversion
 * probe submit to. Every submit carries a serial number (its position among the script's
 * submits), so "the first valid submission" is visible in the returned value.
 */
export const Submission = Type.Object({
  verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted"), Type.Literal("unclear")]),
  serial: Type.Integer({ minimum: 1 }),
});
export type SubmissionValue = Static<typeof Submission>;

export const SYSTEM = "Judge the claim. Submit your verdict with the submit tool.";
export const INPUT = "Claim: release 2.4 shipped.";

/** The non-terminating tool of the mixed batches: chapter 37's lookup, imported. */
export const lookupTool = () => lookupEvidence(releaseCorpus);
/** The same tool under another name: for the guard against an extra tool named submit. */
export const lookupToolNamed = (name: string): ReturnType<typeof lookupTool> => ({ ...lookupTool(), name });

export const submit = (args: ToolCall["arguments"]): ToolCall => fauxToolCall(SUBMIT, args);
export const lookup = (query = "release"): ToolCall => fauxToolCall("lookup_evidence", { query });

/** One response that calls these tools (a batch). */
export const toolUse = (...calls: ToolCall[]): AssistantMessage =>
  fauxAssistantMessage(calls, { stopReason: "toolUse" });
/** A response cut off by the output limit: the core fails its tool calls without running them. */
export const truncated = (...calls: ToolCall[]): AssistantMessage =>
  fauxAssistantMessage(calls, { stopReason: "length" });
export const prose = (text: string): AssistantMessage => fauxAssistantMessage(text);
export const failedRequest = (errorMessage = "upstream 503"): AssistantMessage =>
  fauxAssistantMessage("", { stopReason: "error", errorMessage });
export const abortedResponse = (errorMessage = "request cancelled"): AssistantMessage =>
  fauxAssistantMessage("", { stopReason: "aborted", errorMessage });

/** `n` fresh copies of a response (fresh tool call ids each time). */
export const times = (n: number, make: () => AssistantMessage): AssistantMessage[] => Array.from({ length: n }, make);
