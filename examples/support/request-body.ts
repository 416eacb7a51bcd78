import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Context } from "@earendil-works/pi-ai";

// What pi-ai's chat adapters would send for a Context: captured at onPayload, which every
// adapter awaits before it sends, and which then throws, so nothing leaves the machine.
// The adapters are imported and called in a worker thread without this process's loader hooks
// (request-body-worker.mjs says why); this module resolves what the worker imports.

/** The modules of the installed pi-ai's dist/api (not the .lazy.js stubs), each with its URL. */
export function apiModules(): { api: string; url: string }[] {
  // Located through one of its own modules: under a release's port the bare package name
  // resolves to the port's shim, but "./api/*" resolves to the release's files. Each URL is
  // resolved here, through this process's hooks, so the worker loads what this process would.
  const dir = dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-ai/api/lazy")));
  return readdirSync(dir)
    .sort()
    .filter((file) => file.endsWith(".js") && !file.endsWith(".lazy.js"))
    .map((file) => file.slice(0, -".js".length))
    .map((api) => ({ api, url: import.meta.resolve(`@earendil-works/pi-ai/api/${api}`) }));
}

type Reply = { id: number; body: string } | { id: number; error: string };

/** The worker that holds the adapters: which are chat adapters, and a body for a request. */
interface Adapters {
  chatApis(): Promise<string[]>;
  capture(api: string, context: Context): Promise<string>;
}

let adapters: Adapters | undefined;

/** The one worker of this process, started on first use; it never keeps the process alive idle. */
function adapterWorker(): Adapters {
  if (adapters !== undefined) return adapters;
  const worker = new Worker(new URL("./request-body-worker.mjs", import.meta.url), {
    execArgv: [],
    workerData: { modules: apiModules() },
  });
  // Referenced only while an answer is awaited, so a finished run exits without ending it.
  let awaited = 0;
  const awaiting = <T>(answer: Promise<T>): Promise<T> => {
    if (awaited++ === 0) worker.ref();
    return answer.finally(() => {
      if (--awaited === 0) worker.unref();
    });
  };
  const replies = new Map<number, { resolve(body: string): void; reject(error: Error): void }>();
  let listed!: { resolve(apis: string[]): void; reject(error: Error): void };
  const chatApis = new Promise<string[]>((resolve, reject) => (listed = { resolve, reject }));
  chatApis.catch(() => {}); // a failed start is reported to whoever asks, not as unhandled
  const fail = (error: Error) => {
    listed.reject(error);
    for (const reply of replies.values()) reply.reject(error);
    replies.clear();
    adapters = undefined;
  };
  worker.on("message", (message: { chatApis: string[] } | Reply) => {
    if ("chatApis" in message) return listed.resolve(message.chatApis);
    const reply = replies.get(message.id);
    replies.delete(message.id);
    if ("body" in message) reply?.resolve(message.body);
    else reply?.reject(new Error(message.error));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the request-body worker exited with code ${code}`)));
  let next = 0;
  adapters = {
    chatApis: () => awaiting(chatApis),
    capture: (api, context) => {
      const id = next++;
      const body = new Promise<string>((resolve, reject) => replies.set(id, { resolve, reject }));
      worker.postMessage({ id, api, context });
      return awaiting(body);
    },
  };
  worker.unref();
  return adapters;
}

/** The chat adapters of the installed pi-ai: every module of its dist/api that exports streamSimple. */
export async function chatApis(): Promise<string[]> {
  return adapterWorker().chatApis();
}

/** Every chat adapter of the installed pi-ai, split by whether `test` is true of it. */
export interface AdapterSplit {
  yes: string[];
  no: string[];
  /** "a, b (2 of pi-ai's 10 chat adapters)", or "none of pi-ai's 10 chat adapters". */
  named(apis: readonly string[]): string;
}

/** Runs `test` on every chat adapter of the installed pi-ai (in file order) and splits them by its answer. */
export async function splitAdapters(test: (api: string) => Promise<boolean>): Promise<AdapterSplit> {
  const all = await chatApis();
  const yes: string[] = [];
  const no: string[] = [];
  for (const api of all) ((await test(api)) ? yes : no).push(api);
  const of = `pi-ai's ${all.length} chat adapters`;
  return {
    yes,
    no,
    named: (apis) => (apis.length === 0 ? `none of ${of}` : `${apis.join(", ")} (${apis.length} of ${of})`),
  };
}

/**
 * Builds the request `api` would send for `context` and captures it from `onPayload`, which
 * every adapter awaits before it sends; onPayload then throws, so nothing is sent at all.
 * Throws when the adapter never reached onPayload: there is no body to judge.
 */
export async function capturePayload(api: string, context: Context): Promise<unknown> {
  return JSON.parse(await captureBody(api, context));
}

/** The JSON text of the body `api` would send for `context` (see {@link capturePayload}). */
export function captureBody(api: string, context: Context): Promise<string> {
  return adapterWorker().capture(api, context);
}

/**
 * Whether the body `api` would send for `context` holds `text` (a JSON fragment such as
 * `"hits"`): as the body's own JSON, or inside one of its strings (escaped there), as when an
 * adapter writes the details into a tool result's text.
 */
export async function bodyHolds(api: string, context: Context, text: string): Promise<boolean> {
  const body = await captureBody(api, context);
  return body.includes(text) || body.includes(JSON.stringify(text).slice(1, -1));
}

/**
 * Whether `api` lets the model see that `context`'s tool results are errors: its request body
 * differs from the body of the same context with every result's `isError` false. Throws when
 * two bodies of the unflagged context differ: such an adapter could not show the flag's absence.
 */
export async function sendsErrorFlag(api: string, context: Context): Promise<boolean> {
  const unflagged = {
    ...context,
    messages: context.messages.map((m) => (m.role === "toolResult" ? { ...m, isError: false } : m)),
  };
  const body = (c: Context) => captureBody(api, c);
  const [flagged, plain, again] = [await body(context), await body(unflagged), await body(unflagged)];
  if (plain !== again) throw new Error(`${api}'s request body differs between two identical requests`);
  return flagged !== plain;
}
