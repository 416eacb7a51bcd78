// The command line of every `npm run …` command: node:util's parseArgs plus what a reader
// expects of a command. `--help` prints the usage and exits 0; a command line the command cannot
// run with gets one line saying what is wrong and the usage, exit 2; and output piped into
// `head` stops the command quietly (exit 141, not 0) instead of crashing on EPIPE.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { fitLines } from "../../examples/support/output-width.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A command as the reader runs it, and the options it takes. */
export interface Command<O extends Options> {
  /** The short name that prefixes its messages, e.g. `matrix`. */
  name: string;
  /** The npm script that runs it, when that is not `name` (the ledger's is `start`). */
  script?: string;
  /** One line, e.g. `usage: npm run matrix [-- --versions LIST] [--json]`; repeated in every refusal. */
  usage: string;
  /** What each option does, printed under the usage by `--help`. */
  details?: string;
  /** The options besides `--help`, as parseArgs takes them. */
  options: O;
  /** Whether the command takes arguments that are not options (paths, names). */
  positionals?: boolean;
}

type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: boolean }>>;

/** `--help` or `-h`: the text to print before exiting 0. */
export type Help = { kind: "help"; text: string };

/** A command line the command cannot run with: one line saying what is wrong, ending with the usage. */
export type Refusal = { kind: "refused"; message: string };

/** What a command line asks for: a run, the usage, or nothing the command can do. */
export type CommandLine<O extends Options> =
  { kind: "run"; values: Parsed<O>["values"]; positionals: string[] } | Help | Refusal;

/** A refusal of `problem`, a short phrase such as `--jobs x: expected a whole number`, for `command`. */
export function refusal(command: { usage: string }, problem: string): Refusal {
  return { kind: "refused", message: `${problem}; ${command.usage}` };
}

/** `text` (the value of `option`) as a whole number of at least `min`, or why it is not one. */
export function wholeNumber(command: { usage: string }, option: string, text: string, min: number): number | Refusal {
  const value = Number(text);
  return text.trim() !== "" && Number.isSafeInteger(value) && value >= min
    ? value
    : refusal(command, `${option} ${text}: expected a whole number of at least ${min}`);
}

/** Whether `value` is the help or refusal side of a parse rather than the arguments. */
export function isHelpOrRefusal(value: unknown): value is Help | Refusal {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof value === "object" && (kind === "help" || kind === "refused");
}

/** The option a parseArgs message names (`'--jobs <value>'` → `--jobs`). */
function optionIn(message: string): string {
  return /'(-[^' ]*)/.exec(message)?.[1] ?? "";
}

/** parseArgs' message rewritten as a short phrase in the command's own voice. */
function problemOf(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${optionIn(message)}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ""}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (message.includes("does not take an argument")) return `${optionIn(message)} takes no value`;
      if (message.includes("ambiguous"))
        return `${optionIn(message)} needs a value (write ${optionIn(message)}=VALUE for one that starts with a dash)`;
      return `${optionIn(message)} needs a value`;
    default:
      return message.split("\n")[0]!;
  }
}

/** How a reader types the npm script of `command`: `npm start` or `npm run NAME`. */
function npmSpelling(command: { name: string; script?: string }): string {
  const script = command.script ?? command.name;
  return script === "start" || script === "test" ? `npm ${script}` : `npm run ${script}`;
}

/**
 * The command's own options that npm took for itself because they came before `--`
 * (`npm run turn-limit --json`): npm hands them on only as `npm_config_NAME` in the
 * environment (`true` for a flag, `""` for `--no-NAME`, the value for `--NAME=VALUE`; with
 * `--NAME VALUE` npm sets `true` and passes VALUE on as an argument). Looked at only when the
 * command's own npm script is running, since children inherit the environment.
 */
export function optionsNpmTook(
  command: { name: string; script?: string; options: Options },
  env: NodeJS.ProcessEnv,
  argv: readonly string[] = [],
): string[] {
  if (env.npm_lifecycle_event !== (command.script ?? command.name)) return [];
  // With `--pi 1.6.0`, npm passes `1.6.0` on as an argument: the value the reader meant.
  const values = argv.filter((arg) => !arg.startsWith("-"));
  return Object.entries(command.options).flatMap(([name, spec]) => {
    const negated = name.startsWith("no-");
    const value = env[`npm_config_${(negated ? name.slice(3) : name).replace(/-/g, "_")}`];
    if (value === undefined) return [];
    if (negated) return value === "" || value === "false" ? [`--${name}`] : [];
    if (spec.type === "boolean") return value === "true" ? [`--${name}`] : [];
    return value === "" ? [] : [`--${name} ${value === "true" ? (values.shift() ?? "VALUE") : value}`];
  });
}

/** The one line that tells a reader npm took their options, and how to pass them on. */
export function npmTookMessage(command: { name: string; script?: string }, took: readonly string[]): string {
  return `npm took ${took.join(" ")} for itself (options before -- are npm's); run ${npmSpelling(command)} -- ${took.join(" ")}`;
}

/**
 * Reads `argv` against the command's options without printing or exiting; `env` is where npm
 * leaves the options it took for itself (see {@link optionsNpmTook}).
 */
export function readCommandLine<O extends Options>(
  command: Command<O>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): CommandLine<O> {
  const options = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  if (options.includes("--help") || options.includes("-h")) {
    return {
      kind: "help",
      text: command.details === undefined ? command.usage : `${command.usage}\n\n${command.details}`,
    };
  }
  const took = optionsNpmTook(command, env, argv);
  if (took.length > 0) return { kind: "refused", message: npmTookMessage(command, took) };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: command.options,
      strict: true,
      allowPositionals: command.positionals ?? false,
    });
    return { kind: "run", values: { ...values }, positionals };
  } catch (error) {
    return refusal(command, problemOf(error));
  }
}

/**
 * The arguments of `parsed`, after printing the usage and exiting 0 for `--help`, or printing
 * `name: message` on stderr and exiting 2 for a refusal.
 */
export function orExit<T>(command: { name: string }, parsed: T | Help | Refusal): T {
  if (!isHelpOrRefusal(parsed)) return parsed;
  if (parsed.kind === "help") {
    process.stdout.write(`${fitLines(parsed.text)}\n`);
    process.exit(0);
  }
  process.stderr.write(`${command.name}: ${parsed.message}\n`);
  process.exit(2);
}

/** Prints `name: problem; usage` on stderr and exits 2, for a value the command cannot run with. */
export function refuse(command: { name: string; usage: string }, problem: string): never {
  return orExit(command, refusal(command, problem)) as never;
}

/**
 * The exit status of a command whose reader stopped reading before the end (`npm start | head -3`):
 * 141, as a shell reports any program a closed pipe stops (128 + SIGPIPE, `yes | head -1` under
 * `set -o pipefail`), since the job did not run whole and 0 would say it had passed; a failure
 * the command already knew (its exit code 1 or 2) stays.
 */
export const READER_GONE_STATUS = 141;

/**
 * Ends the process, without a stack trace, once a write to `stream` fails with EPIPE: the reader
 * has gone (`npm run ch37 | head -1`), nothing more can be shown, and a stack trace would blame
 * the reader. The status is {@link READER_GONE_STATUS} unless a failure is already known. Only
 * the failed write is taken as proof: a reader in another process group or session (`timeout`,
 * `setsid`, a CI runner, ssh) holds the pipe where this process cannot see it, so a command that
 * writes rarely stops at its next write, not before.
 */
export function exitQuietlyWhenClosed(...streams: NodeJS.WriteStream[]): void {
  for (const stream of streams.length > 0 ? streams : [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      const known = Number(process.exitCode ?? 0);
      process.exit(known !== 0 ? known : READER_GONE_STATUS);
    });
  }
}

/**
 * The command line of a running command: its values and positionals, after printing the usage
 * and exiting 0 for `--help`, or one line and exiting 2 for a command line it cannot run.
 * Also stops the process quietly when its reader has gone (a write fails with EPIPE).
 */
export function commandLine<O extends Options>(
  command: Command<O>,
  argv: readonly string[] = process.argv.slice(2),
): { values: Parsed<O>["values"]; positionals: string[] } {
  exitQuietlyWhenClosed();
  const { values, positionals } = orExit(command, readCommandLine(command, argv)) as Extract<
    CommandLine<O>,
    { kind: "run" }
  >;
  return { values, positionals };
}
