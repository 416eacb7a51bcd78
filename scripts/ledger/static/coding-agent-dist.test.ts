import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { methodBody, readSessionRequestHook } from "./coding-agent-dist.ts";
import { scratchDir } from "../../lib/scratch-dir.ts";

const SESSION = `export class AgentSession {
    constructor(config) {
        this.agent = config.agent;
        this._installAgentRequestProjection();
    }
    _installAgentRequestProjection() {
        const previousPrepareRequest = this.agent.prepareRequest;
        this.agent.prepareRequest = async (request, signal) => {
            const projection = this.sessionManager.buildSessionProjection();
            const canonicalContext = {
                ...request.context,
                messages: projection.messages,
            };
            return { context: canonicalContext };
        };
    }
    other() {
    }
}
`;

function packageWith(session: string): string {
  const dir = scratchDir("coding-agent");
  mkdirSync(join(dir, "dist/core"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ engines: { node: ">=22.19.0" } }));
  writeFileSync(join(dir, "dist/core/agent-session.js"), session);
  return dir;
}

test("methodBody: a method's lines, up to its closing brace at the same indent", () => {
  assert.equal(methodBody(SESSION, "other"), "    other() {\n    }");
  assert.equal(methodBody(SESSION, "absent"), undefined);
});

test("ch37.coding-agent.assignment-inert: the session's hook read as installed, projecting the session's messages", () => {
  assert.deepEqual(readSessionRequestHook(packageWith(SESSION)), {
    installedByConstructor: true,
    assignsPrepareRequest: true,
    messagesFromSessionProjection: true,
    readsStateMessages: false,
    engines: ">=22.19.0",
  });
});

test("ch37.coding-agent.assignment-inert: a hook that sends agent.state.messages is seen, and one the constructor does not install", () => {
  const reading = SESSION.replace("messages: projection.messages,", "messages: this.agent.state.messages,").replace(
    "        this._installAgentRequestProjection();\n",
    "",
  );
  const hook = readSessionRequestHook(packageWith(reading));
  assert.equal(hook.installedByConstructor, false);
  assert.equal(hook.messagesFromSessionProjection, false);
  assert.equal(hook.readsStateMessages, true);
});
