// Where the book's code lives and what each folder of it is for. Code that spells one of these
// folders reads it from here; files that cannot import it (tsconfig.json, the kernel's
// CommonJS) are checked against it by scripts/test/layout.test.ts.

/** The project's TypeScript: tsconfig.json's include and the unit suite's roots. */
export const SOURCE_DIRS = ["examples", "scripts"] as const;

/** What a reader reads and runs: the chapters' folders and the support they share. */
export const EXAMPLES_DIR = "examples";

/** What a reader's code leans on in every chapter: the scripted provider, the chart and table renderers. */
export const SHARED_SUPPORT_DIR = `${EXAMPLES_DIR}/support`;

/** One folder per chapter, in the book's order: its listings, their tests and its map at the top. */
export const CHAPTER_FOLDERS = [`${EXAMPLES_DIR}/ch37-agent-core`, `${EXAMPLES_DIR}/ch38-typed-step`] as const;

/** A chapter folder's subfolders, one per role; nothing else sits beside the listings. */
export const ROLE_FOLDERS = {
  /** What the listings and demonstrations lean on: corpus, scripted responses, the book's stated strings. */
  support: "support",
  /** Each shows one behaviour of the core, with its test; the notebooks and the ledger run them. */
  demonstration: "demonstrations",
  /**
   * One file per qualified or failing claim, named by its id: the book's case beside the case it
   * does not mention, printed by `npx tsx FILE`; the ledger's check for that id runs the same file.
   */
  counterexample: "counterexamples",
  /** Code a test compiles or loads, never run as a listing; excluded from typecheck and the suite. */
  fixture: "fixtures",
} as const;

/** What measures and prints the chapters: the `npm run ch37|ch38|turn-limit|recipe` entry points and table printers. */
export const CHAPTER_TABLES_DIR = "scripts/chapter-tables";

/** The tooling the scripts share: the pin check, the compile helper, a reader's listings switch. */
export const TOOLCHAIN_DIR = "scripts/toolchain";

/** Whether a path (relative to the project root, `/`-separated) lies in a fixtures folder. */
export const inFixtures = (path: string): boolean => path.split("/").includes(ROLE_FOLDERS.fixture);
