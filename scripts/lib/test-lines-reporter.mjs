// A node:test reporter (`--test-reporter`) writing one JSON line per top-level test that
// passed or failed, with its file and, for a failure, why:
// {"passed":false,"name":"…","file":"/…/step.test.ts","why":["outcome: expected …, got …","scripted: …"],"detail":"…"}.
// Plain JavaScript: under --test, Node 20 loads reporters before the --import hooks (tsx).
import { inspect } from "node:util";

const shown = (value) =>
  typeof value === "string" ? value : inspect(value, { depth: 6, breakLength: Infinity, maxArrayLength: 20 });

/**
 * Why a test failed, as lines: an assertion's own words (its message's first line), then
 * expected against actual, then the rest of its message (the scenario that produced it).
 */
function whyOf(error) {
  const cause = error?.cause ?? error;
  if (cause === undefined || cause === null) return ["failed without an error"];
  if (typeof cause !== "object") return [String(cause)];
  const message = String(cause.message ?? "");
  if (cause.name === "AssertionError" && "expected" in cause && cause.operator !== "==") {
    // An assertion's own message comes first; Node appends its comparison ("+ actual - expected",
    // or "\n\n4 !== 3") after it.
    const own = cause.generatedMessage ? "" : message.split(/\n(?:\n|\+ actual - expected)/)[0];
    const [label, ...context] = own.split("\n");
    const compared = `expected ${shown(cause.expected)}, got ${shown(cause.actual)}`;
    const ownContext = context.filter((line) => line.trim() !== "");
    return [label === "" ? compared : `${label}: ${compared}`, ...ownContext];
  }
  const name = cause.name && cause.name !== "AssertionError" ? `${cause.name}: ` : "";
  return [`${name}${message.split("\n")[0]}`];
}

export default async function* testLines(source) {
  // The first failing subtest of each file since its last top-level test ended: a test that
  // failed because subtests did says which one, and why.
  const firstFailedSubtest = new Map();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { file, nesting, name } = event.data;
    const error = event.data.details?.error;
    if (nesting > 0) {
      if (event.type === "test:fail" && !firstFailedSubtest.has(file) && error?.failureType !== "subtestsFailed")
        firstFailedSubtest.set(file, {
          name,
          why: whyOf(error),
          detail: String(error?.cause?.message ?? error?.message ?? ""),
        });
      continue;
    }
    const line = { passed: event.type === "test:pass", name, file };
    const sub = firstFailedSubtest.get(file);
    firstFailedSubtest.delete(file);
    if (!line.passed) {
      const own = { why: whyOf(error), detail: String(error?.cause?.message ?? error?.message ?? "") };
      const failed = error?.failureType === "subtestsFailed" && sub !== undefined;
      line.why = failed
        ? [`${error.message.split("\n")[0]}, first "${sub.name}": ${sub.why[0]}`, ...sub.why.slice(1)]
        : own.why;
      line.detail = failed ? sub.detail : own.detail;
    }
    yield `${JSON.stringify(line)}\n`;
  }
}
