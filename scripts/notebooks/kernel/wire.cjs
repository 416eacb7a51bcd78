// @ts-check
"use strict";
// Jupyter messages on the wire (messaging protocol 5.3): the frames a ZeroMQ socket
// carries, read with their HMAC checked, and replies and iopub messages signed. The
// kernel's shell dispatcher (shell-channel.cjs) answers every request with these.

const { createHmac, randomBytes, timingSafeEqual } = require("node:crypto");

const DELIMITER = Buffer.from("<IDS|MSG>");
const PROTOCOL_VERSION = "5.3";

/**
 * A request read from the shell or control socket: the routing identities, and the
 * message's JSON parts as the client sent them (this side reads only a few fields).
 * @typedef {{ identities: Buffer[], header: any, parent: any, metadata: any, content: any }} Request
 */

/**
 * A ZeroMQ socket as far as sending goes: a Router routes by identity, a Publisher does not.
 * @typedef {{ send(frames: (Buffer | string)[]): Promise<void> }} Socket
 */

/**
 * @param {string} key
 * @param {(Buffer | string)[]} parts
 */
function signature(key, parts) {
  const hmac = createHmac("sha256", key);
  for (const part of parts) hmac.update(part);
  return hmac.digest("hex");
}

/**
 * A request as the shell or control socket delivered it: routing identities, then the
 * delimiter, the signature and the four JSON parts. Throws when the frames are not a
 * Jupyter message or the signature is not the connection key's.
 * @param {string} key
 * @param {Buffer[]} frames
 * @returns {Request}
 */
function readRequest(key, frames) {
  const at = frames.findIndex((frame) => Buffer.from(frame).equals(DELIMITER));
  if (at < 0 || frames.length < at + 6) throw new Error("not a Jupyter message: no <IDS|MSG> delimiter or too few frames");
  const parts = frames.slice(at + 2, at + 6).map((frame) => Buffer.from(frame));
  const given = Buffer.from(frames[at + 1].toString());
  const expected = Buffer.from(signature(key, parts));
  if (key !== "" && (given.length !== expected.length || !timingSafeEqual(given, expected))) {
    throw new Error("a message whose signature does not match the connection key");
  }
  const [header, parent, metadata, content] = parts.map((part) => JSON.parse(part.toString()));
  return { identities: frames.slice(0, at), header, parent, metadata, content };
}

/**
 * Sends a message of `msgType` in answer to `request` on `socket`: a reply on the shell
 * or control socket (routed back by the request's identities) or an iopub message.
 * @param {string} key
 * @param {Socket} socket
 * @param {Request} request
 * @param {string} msgType
 * @param {object} content
 * @param {{ routed: boolean }} how
 */
function send(key, socket, request, msgType, content, { routed }) {
  const header = {
    msg_id: randomBytes(16).toString("hex"),
    session: request.header.session,
    username: request.header.username,
    date: new Date().toISOString(),
    msg_type: msgType,
    version: PROTOCOL_VERSION,
  };
  const parts = [header, request.header, {}, content].map((part) => JSON.stringify(part));
  return socket.send([...(routed ? request.identities : []), DELIMITER, signature(key, parts), ...parts]);
}

module.exports = { PROTOCOL_VERSION, readRequest, send };
