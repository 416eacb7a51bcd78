import assert from "node:assert/strict";
import { test } from "node:test";
import { bookMessages } from "../support/book-step.ts";
import { compareStepFailedNames } from "./step-failed-name.ts";

test("ch38.found.step-failed-name: the book's StepFailed logs as Error (inspect adds the class in brackets); with its name set it logs as StepFailed", async () => {
  const { book, named } = await compareStepFailedNames();
  const message = bookMessages.noSubmit;
  assert.deepEqual(book, { name: "Error", printed: `Error: ${message}`, inspected: `StepFailed [Error]: ${message}` });
  assert.deepEqual(named, {
    name: "StepFailed",
    printed: `StepFailed: ${message}`,
    inspected: `StepFailed: ${message}`,
  });
});
