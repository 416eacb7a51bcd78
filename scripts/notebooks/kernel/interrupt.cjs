// @ts-check
"use strict";
// Interrupting a cell that awaits `agent.prompt()`. tslab's interrupt frees the cell (its
// await is raced against the interrupt) but stops nothing: the Agent went on streaming,
// and the reader's next `agent.prompt()` threw "Agent is already processing a prompt".
// Here the interrupt also aborts every Agent the cells hold that is in a run, and the
// interrupted cell replies only once they are idle (or after a bound), saying which it
// aborted; the next prompt starts a fresh run.

const { setTimeout: sleep } = require("node:timers/promises");

/**
 * What the kernel uses of Pi's Agent: `signal` is set while it is in a run.
 * @typedef {{ signal?: AbortSignal, abort(): void, waitForIdle(): Promise<void> }} Agent
 */
/** @typedef {abstract new (...args: any[]) => Agent} AgentClass */
/** @typedef {{ name: string, agent: Agent }} RunningAgent */

/** How long an interrupted cell waits for the aborted Agents to finish their run. */
const IDLE_WAIT_MS = 5_000;

/**
 * The Agents in the cells' names (`locals`, tslab's exports), directly or one property
 * down (`const run = { agent }`), that are in a run, each with the name it is reached by.
 * @param {Record<string, unknown>} locals
 * @param {AgentClass} Agent
 */
function runningAgents(locals, Agent) {
  /** @type {RunningAgent[]} */
  const found = [];
  const seen = new Set();
  /**
   * @param {unknown} value
   * @param {string} name
   */
  const consider = (value, name) => {
    if (value instanceof Agent && !seen.has(value)) {
      seen.add(value);
      if (value.signal !== undefined) found.push({ name, agent: value });
    }
  };
  for (const [name, value] of Object.entries(locals)) {
    consider(value, name);
    if (value !== null && typeof value === "object" && !(value instanceof Agent) && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, inner] of Object.entries(value)) consider(inner, `${name}.${key}`);
    }
  }
  return found;
}

/**
 * Wraps tslab's executor so that `interrupt()` aborts the running Agents the cells hold.
 * `loadAgent()` returns Pi's Agent class (the module the cells load; called only on an
 * interrupt); `log` prints a line into the interrupted cell's output.
 * @param {import("tslab/dist/executor").Executor} executor
 * @param {() => AgentClass} loadAgent
 * @param {(line: string) => void} log
 * @returns {import("tslab/dist/executor").Executor}
 */
function withAgentAbortOnInterrupt(executor, loadAgent, log) {
  /** @type {RunningAgent[]} */
  let aborted = [];
  return {
    ...executor,
    interrupt() {
      /** @type {AgentClass | undefined} */
      let Agent;
      try {
        Agent = loadAgent();
      } catch {
        Agent = undefined;
      }
      if (Agent !== undefined) {
        for (const running of runningAgents(executor.locals, Agent)) {
          running.agent.abort();
          aborted.push(running);
        }
      }
      executor.interrupt();
    },
    async execute(src) {
      aborted = [];
      const ok = await executor.execute(src);
      if (aborted.length > 0) {
        const idle = Promise.all(aborted.map(({ agent }) => agent.waitForIdle()));
        const settled = await Promise.race([idle.then(() => true), sleep(IDLE_WAIT_MS).then(() => false)]);
        const names = aborted.map(({ name }) => `\`${name}\``).join(", ");
        log(
          settled
            ? `note: interrupted; aborted the Agent in ${names}, which was still running: its run ended as aborted, and its next prompt() starts a new one.`
            : `note: interrupted; aborted the Agent in ${names}, but its run has not ended after ${IDLE_WAIT_MS / 1000} s: await ${aborted[0].name}.waitForIdle() before prompting it again, or restart the kernel.`,
        );
        aborted = [];
      }
      return ok;
    },
  };
}

module.exports = { withAgentAbortOnInterrupt, runningAgents };
