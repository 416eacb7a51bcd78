// pi-coding-agent's own files, for the one claim about what its sessions send. The companion
// does not install it: its 1.0.3 declares @earendil-works/chord@^1.0.3, which the registry does
// not serve, so `npm install` refuses it, and its dist/ needs Node 22 (node:fs globSync), where
// this project runs on Node 20. Its published tarball is fetched once with `npm pack` into
// .cache/ and read from there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFolderAtomically } from "../../lib/atomic-write.ts";
import { runCommand } from "../../lib/command.ts";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { npmErrorLine } from "../../lib/npm-registry.ts";

/** Unpacked pi-coding-agent tarballs, one folder per version; a folder exists only once complete. */
export const CODING_AGENT_CACHE = join(PROJECT_ROOT, ".cache", "pi-coding-agent");

/** The files the claim reads, relative to the package. */
const FILES = ["package.json", "dist/core/agent-session.js", "dist/core/sdk.js"] as const;

/** The coding agent's files at one version, or why they could not be had. */
export type CodingAgentFiles =
  | { kind: "files"; version: string; dir: string; source: "cached" | "fetched" }
  | { kind: "unavailable"; message: string };

const complete = (dir: string) => FILES.every((file) => existsSync(join(dir, file)));

/** The unpacked files of `@earendil-works/pi-coding-agent@version`: from the cache, else fetched with `npm pack`. */
export async function codingAgentFiles(version: string): Promise<CodingAgentFiles> {
  const dir = join(CODING_AGENT_CACHE, version);
  if (complete(dir)) return { kind: "files", version, dir, source: "cached" };
  const failed = await writeFolderAtomically<CodingAgentFiles>(dir, async (scratch) => {
    const spec = `@earendil-works/pi-coding-agent@${version}`;
    const pack = await runCommand(
      "npm",
      ["pack", spec, "--pack-destination", scratch, "--silent", "--fetch-retries=0", "--fetch-timeout=20000"],
      {
        timeoutMs: 120_000,
      },
    );
    const tarball = join(scratch, `earendil-works-pi-coding-agent-${version}.tgz`);
    if (pack.code !== 0 || !existsSync(tarball)) {
      return {
        kind: "unavailable",
        message: `npm pack ${spec}: ${pack.timedOut ? "timed out" : npmErrorLine(pack.stderr)}`,
      };
    }
    const untar = await runCommand("tar", ["-xzf", tarball, "-C", scratch, ...FILES.map((f) => `package/${f}`)], {
      timeoutMs: 120_000,
    });
    if (untar.code !== 0)
      return { kind: "unavailable", message: `could not unpack ${tarball}: ${untar.stderr.trim()}` };
    return { ready: join(scratch, "package") };
  });
  return failed ?? { kind: "files", version, dir, source: "fetched" };
}

/** The body of `name(...) {` in a class of compiled JavaScript: from its line to the next method at the same indent. */
export function methodBody(source: string, name: string): string | undefined {
  const lines = source.split("\n");
  const start = lines.findIndex((line) => new RegExp(`^(\\s+)(async )?${name}\\(.*\\) \\{$`).test(line));
  if (start < 0) return undefined;
  const indent = /^\s*/.exec(lines[start]!)![0];
  const end = lines.findIndex((line, i) => i > start && line === `${indent}}`);
  return lines.slice(start, end < 0 ? undefined : end + 1).join("\n");
}

/** What the session does with the Agent's requests, read from agent-session.js. */
export interface SessionRequestHook {
  /** The constructor installs the request projection. */
  installedByConstructor: boolean;
  /** The projection assigns the Agent's prepareRequest hook. */
  assignsPrepareRequest: boolean;
  /** The hook's request messages are the session manager's projection. */
  messagesFromSessionProjection: boolean;
  /** The hook reads agent.state.messages to build the request's messages. */
  readsStateMessages: boolean;
  /** The Node range the coding agent's package.json asks for, for the evidence. */
  engines: string | undefined;
}

/** Reads the request hook of pi-coding-agent's AgentSession from its dist/. */
export function readSessionRequestHook(dir: string): SessionRequestHook {
  const session = readFileSync(join(dir, "dist/core/agent-session.js"), "utf8");
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { engines?: { node?: string } };
  const constructor = methodBody(session, "constructor") ?? "";
  const projection = methodBody(session, "_installAgentRequestProjection") ?? "";
  return {
    installedByConstructor: /this\._installAgentRequestProjection\(\);/.test(constructor),
    assignsPrepareRequest: /this\.agent\.prepareRequest = /.test(projection),
    messagesFromSessionProjection:
      /const projection = this\.sessionManager\.buildSessionProjection\(\);/.test(projection) &&
      /messages: projection\.messages,/.test(projection),
    readsStateMessages: /agent\.state\.messages/.test(projection),
    engines: pkg.engines?.node,
  };
}
