// The flags node:test's run() leaves out of its children's (and their values).
const RUNNER_FLAGS = ["--test", "--experimental-test-coverage", "--watch"];
const RUNNER_FLAGS_WITH_VALUE = ["--test-reporter", "--test-reporter-destination"];

/**
 * `argv` (a process's execArgv) without the test runner's own flags: what a child that runs
 * test files with a reporter of its own is given, so that the parent's reporter (the suite's
 * `--test-reporter=spec`) does not take the child's first destination.
 */
export function withoutRunnerFlags(argv: readonly string[]): string[] {
  return argv.filter(
    (arg, i) =>
      !RUNNER_FLAGS.includes(arg) &&
      !RUNNER_FLAGS_WITH_VALUE.some((flag) => arg === flag || argv[i - 1] === flag || arg.startsWith(`${flag}=`)),
  );
}
