import type { TestEvent } from "node:test/reporters";

/**
 * A node:test reporter (`--test-reporter`) writing one JSON line per top-level test that
 * passed or failed: `{"passed":true,"name":"…"}`. Read by {@link runTestFile}.
 */
export default async function* topLevelTests(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      yield `${JSON.stringify({ passed: event.type === "test:pass", name: event.data.name })}\n`;
    }
  }
}
