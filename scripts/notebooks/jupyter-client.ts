import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { Dealer, Subscriber } from "zeromq";

/** The connection file a Jupyter kernel is started with (Jupyter's own format). */
export interface ConnectionInfo {
  transport: "tcp" | "ipc";
  ip: string;
  shell_port: number;
  iopub_port: number;
  stdin_port: number;
  control_port: number;
  hb_port: number;
  key: string;
  signature_scheme: "hmac-sha256";
  kernel_name: string;
}

export interface MessageHeader {
  msg_id: string;
  msg_type: string;
  session: string;
  username: string;
  date: string;
  version: string;
}

/** One message of the Jupyter messaging protocol (version 5.3, as tslab speaks it). */
export interface JupyterMessage<C = Record<string, unknown>> {
  header: MessageHeader;
  parent_header: Partial<MessageHeader>;
  metadata: Record<string, unknown>;
  content: C;
}

const DELIMITER = "<IDS|MSG>";

// The client connects before the kernel has bound its sockets. ZeroMQ retries a refused
// connection every 100 ms by default, and the ready check polls; both at 10 ms, the
// kernel answers about 0.3 s sooner (measured on ch38-recipe: 25-35 ms from bound to
// ready, against 100-350 ms).
const RETRY_MS = 10;

/**
 * A connection file for a kernel on this machine. The sockets are Unix domain sockets in
 * `dir`, so parallel runs never race for TCP ports.
 */
export function localConnection(dir: string, kernelName: string): ConnectionInfo {
  return {
    transport: "ipc",
    // tslab binds `${transport}://${ip}:${port}`, so each socket becomes the file `k:N`.
    ip: `${dir}/k`,
    shell_port: 1,
    iopub_port: 2,
    stdin_port: 3,
    control_port: 4,
    hb_port: 5,
    key: randomBytes(32).toString("hex"),
    signature_scheme: "hmac-sha256",
    kernel_name: kernelName,
  };
}

function address(info: ConnectionInfo, port: number): string {
  return `${info.transport}://${info.ip}:${port}`;
}

/**
 * A minimal client of the Jupyter messaging protocol: requests on the shell channel,
 * broadcast output on iopub. Enough to execute notebook cells headless, with no Python.
 */
export class JupyterClient {
  private readonly shell = new Dealer({ linger: 0, reconnectInterval: RETRY_MS });
  private readonly iopub = new Subscriber({ linger: 0, reconnectInterval: RETRY_MS });
  private readonly session = randomUUID();
  private readonly replyWaiters = new Map<string, (reply: JupyterMessage) => void>();
  private readonly iopubListeners = new Set<(message: JupyterMessage) => void>();
  private closed = false;

  constructor(private readonly info: ConnectionInfo) {
    this.shell.connect(address(info, info.shell_port));
    this.iopub.connect(address(info, info.iopub_port));
    this.iopub.subscribe();
    void this.pump(this.shell, (message) => {
      const id = message.parent_header.msg_id;
      const waiter = id === undefined ? undefined : this.replyWaiters.get(id);
      if (waiter !== undefined && id !== undefined) {
        this.replyWaiters.delete(id);
        waiter(message);
      }
    });
    void this.pump(this.iopub, (message) => {
      for (const listener of this.iopubListeners) listener(message);
    });
  }

  /** Calls `listener` with every iopub message until the returned function is called. */
  onIopub(listener: (message: JupyterMessage) => void): () => void {
    this.iopubListeners.add(listener);
    return () => this.iopubListeners.delete(listener);
  }

  /** Sends a shell request; returns its id and a promise of the matching reply. */
  request(msgType: string, content: Record<string, unknown>): { id: string; reply: Promise<JupyterMessage> } {
    const header: MessageHeader = {
      msg_id: randomUUID(),
      msg_type: msgType,
      session: this.session,
      username: "pi-companion",
      date: new Date().toISOString(),
      version: "5.3",
    };
    const reply = new Promise<JupyterMessage>((resolve) => this.replyWaiters.set(header.msg_id, resolve));
    const frames = [header, {}, {}, content].map((part) => JSON.stringify(part));
    void this.shell.send([DELIMITER, this.sign(frames), ...frames]);
    return { id: header.msg_id, reply };
  }

  /**
   * Resolves once the kernel answers on both channels: first the shell (requests queue
   * until the kernel has bound its sockets), then iopub. A subscriber misses whatever is
   * published before its subscription reaches the kernel, so ask again until iopub
   * carries a status message for one of our requests.
   */
  async waitUntilReady(timeoutMs: number, stillAlive: () => boolean): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const waiting = () => Date.now() < deadline && stillAlive();
    let heard = false;
    const asked = new Set<string>();
    const stop = this.onIopub((message) => {
      if (message.parent_header.msg_id !== undefined && asked.has(message.parent_header.msg_id)) heard = true;
    });
    try {
      let answered = false;
      const first = this.request("kernel_info_request", {});
      asked.add(first.id);
      void first.reply.then(() => (answered = true));
      while (!answered && waiting()) await delay(RETRY_MS);
      while (answered && !heard && waiting()) {
        await delay(RETRY_MS);
        if (!heard) asked.add(this.request("kernel_info_request", {}).id);
      }
      return heard;
    } finally {
      stop();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.shell.close();
    this.iopub.close();
  }

  private sign(frames: string[]): string {
    const hmac = createHmac("sha256", this.info.key);
    for (const frame of frames) hmac.update(frame);
    return hmac.digest("hex");
  }

  private async pump(socket: Dealer | Subscriber, deliver: (message: JupyterMessage) => void): Promise<void> {
    try {
      for await (const frames of socket) {
        const message = this.parse(frames);
        if (message !== undefined) deliver(message);
      }
    } catch (error) {
      // Closing the socket ends the iteration with an error; anything else is a bug.
      if (!this.closed) throw error;
    }
  }

  private parse(frames: Buffer[]): JupyterMessage | undefined {
    const at = frames.findIndex((frame) => frame.toString() === DELIMITER);
    if (at < 0 || frames.length < at + 6) return undefined;
    const parts = frames.slice(at + 2, at + 6).map((frame) => frame.toString());
    // A message whose signature does not match is not from our kernel: drop it.
    if (frames[at + 1]!.toString() !== this.sign(parts)) return undefined;
    const [header, parent, metadata, content] = parts.map((part) => JSON.parse(part) as unknown);
    return {
      header: header as MessageHeader,
      parent_header: parent as Partial<MessageHeader>,
      metadata: metadata as Record<string, unknown>,
      content: content as Record<string, unknown>,
    };
  }
}
