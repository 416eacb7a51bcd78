// `node --import tsx scripts/matrix/cache-release.ts 1.6.0 unpinned`: puts releases in the
// matrix's install cache (.cache/pi-releases/<version>), and with `unpinned` what a plain
// `npm i @earendil-works/pi-agent-core@<pin>` installs today, as CI does before `npm test` so
// that the ports' type-checks run against real installs.
import { valid } from "semver";
import { commandLine, refuse } from "../lib/cli.ts";
import { releaseColumn, unpinnedColumn } from "./columns.ts";
import { ensureInstall, RELEASES_CACHE } from "./install-cache.ts";

const UNPINNED = "unpinned";
const COMMAND = {
  name: "cache-release",
  usage: `usage: node --import tsx scripts/matrix/cache-release.ts VERSION... [${UNPINNED}]`,
  details: `Installs each release into the matrix's cache (.cache/pi-releases), and with ${UNPINNED} a plain npm i of the pin, for the ports' tests.`,
  options: {},
  positionals: true,
};
const versions = commandLine(COMMAND).positionals;
if (versions.length === 0) refuse(COMMAND, "no version given");
const malformed = versions.find((v) => v !== UNPINNED && valid(v) !== v);
if (malformed !== undefined) refuse(COMMAND, `${malformed} is not a version`);
for (const version of versions) {
  const install = await ensureInstall(
    RELEASES_CACHE,
    (version === UNPINNED ? unpinnedColumn() : releaseColumn(version)).spec,
  );
  if ("kind" in install) {
    process.stderr.write(`cache-release: ${version}: ${install.message}\n`);
    process.exit(1);
  }
  const { core, ai, typebox } = install.versions;
  process.stderr.write(
    `cache-release: ${version} ${install.reused ? "already cached" : "installed"} (core ${core}, pi-ai ${ai}, typebox ${typebox})\n`,
  );
}
