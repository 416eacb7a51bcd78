// A node:test reporter (`--test-reporter`) writing one JSON line per top-level test that
// passed or failed, with its file: {"passed":true,"name":"…","file":"/…/step.test.ts"}.
// Plain JavaScript: under --test, Node 20 loads reporters before the --import hooks (tsx).
export default async function* testLines(source) {
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      yield `${JSON.stringify({ passed: event.type === "test:pass", name: event.data.name, file: event.data.file })}\n`;
    }
  }
}
