// The child process `runTests` starts: it imports every chapter test file it is given, so
// node:test runs all their tests in this one process, as Node 22's
// --experimental-test-isolation=none does. Under `node --test` each file was a process of its
// own that loaded tsx and Pi again: 36 files took 20 s where one process takes 2.5 s.
//   node --import tsx test-files-in-one-process.ts UNLOADED_JSONL FILE...
// A file that does not load (a reader's listing without an export a test imports) is written
// to UNLOADED_JSONL with its reason, {"file":"…","why":"SyntaxError: …"}, and the rest still run.
import { appendFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [unloaded, ...files] = process.argv.slice(2);
if (unloaded === undefined) throw new Error("usage: test-files-in-one-process.ts UNLOADED_JSONL FILE...");
for (const file of files) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
    appendFileSync(unloaded, `${JSON.stringify({ file, why })}\n`);
  }
}
