import { realpathSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { fitLines } from "./output-width.ts";

// What every counterexample (examples/chNN-*/counterexamples/<claim-id>.ts) shares: the shape
// of what it measured, how that is printed, and printing it when the file is run itself.

/** One case a counterexample ran: what it measured, and whether the book's sentence is true there. */
export interface MeasuredCase {
  /** The case and its figures, in one line. */
  measured: string;
  /** Whether the book's sentence is true in this case. */
  bookIsRight: boolean;
}

/** The book's own case beside the case the book does not mention. */
export interface Cases {
  bookCase: MeasuredCase;
  otherCase: MeasuredCase;
}

/** What a counterexample measured and the text it printed for it. */
export interface CounterexampleRun extends Cases {
  /** The claim id (chapters/claims.tsv or findings.tsv) whose sentence it tries. */
  id: string;
  /** The counterexample's file, relative to the project root. */
  file: string;
  /** Exactly what `npx tsx FILE` prints (before it is wrapped to the terminal's width). */
  printed: string;
}

const mark = (c: MeasuredCase) => (c.bookIsRight ? "the sentence is true here" : "the sentence is false here");

/** The two cases, one block each, as `npx tsx FILE` prints them. */
export function formatCounterexample(id: string, { bookCase, otherCase }: Cases): string {
  // A finding (chapters/findings.tsv) is the companion's sentence, not the book's.
  const whose = id.includes(".found.") ? "the finding" : "the book";
  return [
    id,
    `  ${whose}'s case (${mark(bookCase)}):`,
    `    ${bookCase.measured}`,
    `  a case ${whose} does not mention (${mark(otherCase)}):`,
    `    ${otherCase.measured}`,
  ].join("\n");
}

/**
 * How `work` settled, in one phrase: `value {"verdict":"supported"}`, or the error's class,
 * its `kind` when it has one, and its message (`StepFailed invalid-submissions: no valid …`).
 */
export async function settled(work: Promise<unknown>): Promise<string> {
  try {
    return `value ${JSON.stringify(await work)}`;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const kind = (error as { kind?: unknown }).kind;
    return `${error.constructor.name}${typeof kind === "string" ? ` ${kind}` : ""}: ${error.message}`;
  }
}

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const projectPath = (url: string) => relative(PROJECT_ROOT, fileURLToPath(url)).split("\\").join("/");

/** Whether the module at `url` is the file node was asked to run. */
function isEntryPoint(url: string): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

/**
 * A counterexample for `id`: `measure` runs both cases. Returns the function the ledger and
 * `npm run counterexample` call; when the file itself is run (`npx tsx FILE`), it also prints.
 */
export function counterexample(
  url: string,
  id: string,
  measure: () => Promise<Cases>,
): () => Promise<CounterexampleRun> {
  const run = async (): Promise<CounterexampleRun> => {
    const cases = await measure();
    return { id, ...cases, file: projectPath(url), printed: formatCounterexample(id, cases) };
  };
  if (isEntryPoint(url)) void run().then((r) => process.stdout.write(fitLines(r.printed) + "\n"));
  return run;
}
