// @ts-check
"use strict";
// The kernel's shell and control channels: every request read, busy and idle published
// around it, and a reply of the right type sent. It replaces tslab 1.0.22's dispatcher
// (ZmqServer.handleShellMessage), which
// - replied to kernel_info without `status` (and said TypeScript 3.7.2, not the version
//   that checks the cells), and to shutdown without `status`;
// - sent no reply at all to history_request, and printed "unknown msg_type" into the
//   output of the last cell run;
// - replied to comm_info_request with a message typed complete_reply;
// - answered is_complete only complete or incomplete (is-complete.cjs);
// - read requests before its sockets were bound: a request that came early (Jupyter
//   asks for kernel_info at once) made it publish on a socket still binding, which
//   rejected with EBUSY. Requests now wait for the binding.
// Completion and inspection stay tslab's handlers (the kernel's converter answers them);
// execution is execute-request.cjs.

const { PROTOCOL_VERSION, readRequest, send } = require("./wire.cjs");

/** @typedef {import("./execute-request.cjs").Io} Io */

/**
 * tslab's ZmqServer with the promise of its sockets' binding, and its handler as the
 * kernel uses it.
 * @typedef {Omit<import("tslab/dist/jupyter").ZmqServer, "handler"> & { bound?: Promise<void>, handler: import("./execute-request.cjs").Handler }} Server
 */

/**
 * Installs the dispatcher on tslab's ZmqServer. `execute(handler, content, io)` answers
 * execute requests, `isComplete(code)` is_complete requests, `history` history requests;
 * `kernelInfo` is the kernel_info_reply content less `status`; `asKernelWork(fn)` runs a
 * request handler whose timers and watchers are the kernel's own, not a cell's;
 * `beforeProbe(kind, code, position)` is awaited before a completion or an inspection
 * (a check service answers it, check-service.cjs).
 * @param {typeof import("tslab/dist/jupyter").ZmqServer} ZmqServer
 * @param {{
 *   execute: (handler: import("./execute-request.cjs").Handler, content: any, io: Io) => Promise<object>,
 *   isComplete: (code: string) => object,
 *   history: { reply(request: any): object },
 *   kernelInfo: object,
 *   asKernelWork: <T>(work: () => T) => T,
 *   beforeProbe: (kind: "complete" | "inspect", code: string, position: number) => Promise<void>,
 * }} answers
 */
function installShellChannel(ZmqServer, { execute, isComplete, history, kernelInfo, asKernelWork, beforeProbe }) {
  const init = ZmqServer.prototype.init;
  /**
   * @this {Server}
   * @param {[]} args
   */
  ZmqServer.prototype.init = function (...args) {
    this.bound = init.apply(this, args);
    // A socket that cannot be bound (EADDRINUSE: between Jupyter choosing a free port and the
    // kernel binding it, another process took it) leaves a kernel no client can reach. It exits
    // at once, so that the client sees the kernel die before kernel_info and can start another
    // with fresh ports, instead of waiting a minute for a reply that cannot come.
    this.bound.catch((/** @type {{ code?: string, message?: string }} */ error) => {
      process.stderr.write(
        `pi-companion kernel: cannot bind its sockets (${error?.code ?? error?.message ?? String(error)}); exiting\n`,
      );
      process.exit(1);
    });
    return this.bound;
  };

  /**
   * @this {Server}
   * @param {import("./wire.cjs").Socket} socket
   * @param {Buffer[]} frames
   */
  ZmqServer.prototype.handleShellMessage = async function (socket, ...frames) {
    await this.bound;
    const key = this.connInfo.key;
    /** @type {import("./wire.cjs").Request} */
    let request;
    try {
      request = readRequest(key, frames);
    } catch {
      return; // not from a client holding the connection key: dropped unanswered
    }
    /** @type {Io["publish"]} */
    const reply = (msgType, content) => send(key, socket, request, msgType, content, { routed: true });
    /** @type {Io["publish"]} */
    const publish = (msgType, content) => send(key, this.iopub, request, msgType, content, { routed: false });
    /**
     * @param {string} msgType
     * @param {() => object | Promise<object>} produce
     */
    const answer = async (msgType, produce) => {
      let content;
      try {
        content = await produce();
      } catch (/** @type {any} */ error) {
        content = { status: "error", ename: error?.name ?? "Error", evalue: String(error?.message ?? error), traceback: String(error?.stack ?? "").split("\n") };
      }
      reply(msgType, content);
    };
    const { content } = request;
    publish("status", { execution_state: "busy" });
    try {
      switch (request.header.msg_type) {
        case "kernel_info_request":
          return await answer("kernel_info_reply", () => ({ status: "ok", ...kernelInfo }));
        case "execute_request":
          return await answer("execute_reply", () =>
            execute(this.handler, content, {
              publish,
              writeStream: (name, text) => publish("stream", { name, text }),
              writeDisplayData: (data, update) => publish(update ? "update_display_data" : "display_data", data),
            }),
          );
        case "is_complete_request":
          return await answer("is_complete_reply", () => isComplete(content.code));
        case "complete_request":
          return await answer("complete_reply", async () => {
            await beforeProbe("complete", content.code, content.cursor_pos);
            return asKernelWork(() => this.handler.handleComplete(content));
          });
        case "inspect_request":
          return await answer("inspect_reply", async () => {
            await beforeProbe("inspect", content.code, content.cursor_pos);
            return asKernelWork(() => this.handler.handleInspect(content));
          });
        case "history_request":
          return await answer("history_reply", () => history.reply(content));
        case "comm_info_request":
          // No comm targets (ipywidgets and the like are not supported).
          return await answer("comm_info_reply", () => ({ status: "ok", comms: {} }));
        case "shutdown_request":
          return await answer("shutdown_reply", () => ({ status: "ok", restart: content.restart === true }));
        default:
          // comm_open and the like: a kernel without comms ignores them.
          return undefined;
      }
    } finally {
      publish("status", { execution_state: "idle" });
      if (request.header.msg_type === "shutdown_request") this.close();
    }
  };
}

module.exports = { PROTOCOL_VERSION, installShellChannel };
