import type { Check } from "../check.ts";
import { failsWhenListingDoesNotLoad } from "../load-listing.ts";
import { agentOrAgentLoopChecks } from "./ch37-behaviour/agent-or-agentloop.ts";
import { agentPartsChecks } from "./ch37-behaviour/agent-parts.ts";
import { eventsChecks } from "./ch37-behaviour/events.ts";
import { hostChecks } from "./ch37-behaviour/host.ts";
import { researchAgentChecks } from "./ch37-behaviour/research-agent.ts";
import { runningTheLoopChecks } from "./ch37-behaviour/running-the-loop.ts";
import { steeringChecks } from "./ch37-behaviour/steering.ts";
import { toolExecutionChecks } from "./ch37-behaviour/tool-execution.ts";
import { toolChecks } from "./ch37-behaviour/tools.ts";
import { transcriptChecks } from "./ch37-behaviour/transcript.ts";

/**
 * Chapter 37's behavioural claims, each decided from a scenario run against the installed
 * Pi, in the order of the guide's sections (one file each under ch37-behaviour/); a claim
 * whose listing does not load there `fails` with the loader's message.
 */
export const ch37BehaviourChecks: Check[] = [
  ...agentPartsChecks,
  ...toolChecks,
  ...researchAgentChecks,
  ...toolExecutionChecks,
  ...runningTheLoopChecks,
  ...transcriptChecks,
  ...eventsChecks,
  ...steeringChecks,
  ...agentOrAgentLoopChecks,
  ...hostChecks,
].map(failsWhenListingDoesNotLoad);
