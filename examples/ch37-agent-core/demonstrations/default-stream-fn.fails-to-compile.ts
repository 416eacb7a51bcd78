// This file is meant NOT to compile: a host that registered a default with
// setDefaultStreamFn() and then leaves streamFn out of an Agent's options, as the sentence
// invites, is refused by the declarations, where AgentOptions.streamFn is required.
// @errors: 2345
import { Agent } from "@earendil-works/pi-agent-core";
import type { Model } from "@earendil-works/pi-ai";

export function agentWithTheDefault(model: Model<string>): Agent {
  return new Agent({ initialState: { systemPrompt: "Answer briefly.", model } });
}
