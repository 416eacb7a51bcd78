import { fileURLToPath } from "node:url";
import { PACKAGE_NAMES } from "../toolchain/pin.ts";
import { runShowingOutput } from "../lib/command.ts";
import { releaseColumn } from "./columns.ts";
import { ensureInstall, RELEASES_CACHE } from "./install-cache.ts";
import { childEnv, portOf, REGISTER_HOOK } from "./ledger-run.ts";
import { isRegistryProblem, servedVersions } from "../lib/npm-registry.ts";
import { releasesToMeasure } from "./versions.ts";
import { describePort } from "../port/ports.ts";

/** Set in the child that runs a demonstration on another release, so it does not delegate again. */
const ON_RELEASE_ENV = "PI_COMPANION_ON_RELEASE";

/**
 * For the demonstrations' entry points (`npm run ch37 -- --pi 1.6.0`, through
 * `runOnReleaseWhenAsked` in pi-option.ts): the entry at `entryUrl` runs again with `childArgs` in a child
 * against a cached install of `version` (the matrix's install cache and resolution hook),
 * through the release's port, and this process exits with the child's status. In that child
 * it returns, so the command runs there. A version the registry does not serve is refused in
 * one line (exit 2).
 */
export async function runOnRelease(
  command: string,
  entryUrl: string,
  version: string,
  childArgs: readonly string[],
): Promise<void> {
  const refuse = (message: string): never => {
    process.stderr.write(`${command}: ${message}\n`);
    process.exit(2);
  };
  if (process.env[ON_RELEASE_ENV] !== undefined) return;
  const taken = { version, rest: childArgs };

  const served = await servedVersions(PACKAGE_NAMES.core);
  if (isRegistryProblem(served)) return refuse(`cannot list the releases of ${PACKAGE_NAMES.core}: ${served.message}`);
  const releases = releasesToMeasure(served, taken.version);
  if (!Array.isArray(releases)) return refuse(releases.message.replace(/^--versions/, "--pi"));

  const column = releaseColumn(taken.version);
  process.stderr.write(`${command}: preparing Pi ${taken.version} (cache: .cache/pi-releases/${column.key})\n`);
  const install = await ensureInstall(RELEASES_CACHE, column.spec);
  if ("kind" in install) return refuse(`cannot install Pi ${taken.version}: ${install.message}`);
  const port = portOf(install);
  const { core, ai, typebox } = install.versions;
  process.stderr.write(
    `${command}: running on core ${core} · pi-ai ${ai} · typebox ${typebox}, ` +
      `${port === undefined ? "the book's code as printed (no port needed)" : `through ${describePort(port)}`}\n`,
  );
  const code = await runShowingOutput(
    process.execPath,
    ["--import", "tsx", "--import", REGISTER_HOOK, fileURLToPath(entryUrl), ...taken.rest],
    {
      env: { ...childEnv(install), [ON_RELEASE_ENV]: taken.version },
    },
  );
  process.exit(code ?? 1);
}
