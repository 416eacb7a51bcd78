"use strict";
// Jupyter messages on the wire (messaging protocol 5.3): the frames a ZeroMQ socket
// carries, read with their HMAC checked, and replies and iopub messages signed. The
// kernel's shell dispatcher (shell-channel.cjs) answers every request with these.

const { createHmac, randomBytes, timingSafeEqual } = require("node:crypto");

const DELIMITER = Buffer.from("<IDS|MSG>");
const PROTOCOL_VERSION = "5.3";

function signature(key, parts) {
  const hmac = createHmac("sha256", key);
  for (const part of parts) hmac.update(part);
  return hmac.digest("hex");
}

/**
 * A request as the shell or control socket delivered it: routing identities, then the
 * delimiter, the signature and the four JSON parts. Throws when the frames are not a
 * Jupyter message or the signature is not the connection key's.
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
