// The `--pi VERSION` option of the demonstrations' commands (npm run ch37, ch38, turn-limit).
// This module imports nothing: the matrix, the registry and the release's install are loaded
// only when the option is given, so without it the command starts as fast as before.

/** The option, as parseArgs takes it. */
export const PI_OPTION = { pi: { type: "string" } } as const;

/** The option's line in the command's --help. */
export const PI_OPTION_HELP =
  "  --pi VERSION  run on a cached install of that release (the release matrix's cache and hook), through its port";

/**
 * With a `version` (`--pi VERSION`): runs the command at `entryUrl` again with `childArgs` in
 * a child on that release and exits with its status. Without one: returns, and the command
 * runs on the installed pin.
 */
export async function runOnReleaseWhenAsked(
  command: string,
  entryUrl: string,
  version: string | undefined,
  childArgs: readonly string[] = [],
): Promise<void> {
  if (version === undefined) return;
  const { runOnRelease } = await import("./run-on-release.ts");
  await runOnRelease(command, entryUrl, version, childArgs);
}
