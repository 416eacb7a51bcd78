import { inspect } from "node:util";
import { scriptedModels } from "../../support/scripted.ts";
import { INPUT, prose, SYSTEM, Verdict } from "../support/script.ts";
import { step, StepFailed } from "../step.ts";

// A finding beside the book's StepFailed (ch38.found.step-failed-name): the book's class
// leaves `name` at "Error", so a log line or a stack trace calls a failed step an Error.
// Setting `name` is the companion's better behaviour; the listing (step.ts) keeps the book's.

/** StepFailed as the companion first wrote it: the same error, with its own name. */
export class NamedStepFailed extends StepFailed {
  override name = "StepFailed";
}

/** How one error reads where a reader meets it. */
export interface ErrorReading {
  name: string;
  /** `String(error)`, as a log line prints it. */
  printed: string;
  /** The first line of `util.inspect(error)`, as console.error and an uncaught error show it. */
  inspected: string;
}

function reading(error: Error): ErrorReading {
  return { name: error.name, printed: String(error), inspected: inspect(error).split("\n")[0] ?? "" };
}

/** The book's step() on a model that only talks, and the same failure with the name set. */
export async function compareStepFailedNames(): Promise<{ book: ErrorReading; named: ErrorReading }> {
  const { models, model } = scriptedModels([prose("It probably shipped.")]);
  try {
    await step(models, model, SYSTEM, INPUT, Verdict);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    return { book: reading(error), named: reading(new NamedStepFailed(error.message, error.kind)) };
  }
  throw new Error("step() returned a value for a model that never submitted");
}
