// `node --import tsx scripts/matrix/cache-release.ts 1.6.0 unpinned`: puts releases in the
// matrix's install cache (.cache/pi-releases/<version>), and with `unpinned` what a plain
// `npm i @earendil-works/pi-agent-core@<pin>` installs today, as CI does before `npm test` so
// that the ports' type-checks run against real installs.
import { valid } from "semver";
import { releaseColumn, unpinnedColumn } from "./columns.ts";
import { ensureInstall } from "./install-cache.ts";
import { RELEASES_CACHE } from "./paths.ts";

const UNPINNED = "unpinned";
const versions = process.argv.slice(2);
if (versions.length === 0 || versions.some((v) => v !== UNPINNED && valid(v) !== v)) {
  process.stderr.write(`cache-release: usage: node --import tsx scripts/matrix/cache-release.ts VERSION... [${UNPINNED}]\n`);
  process.exit(2);
}
for (const version of versions) {
  const install = await ensureInstall(RELEASES_CACHE, (version === UNPINNED ? unpinnedColumn() : releaseColumn(version)).spec);
  if ("kind" in install) {
    process.stderr.write(`cache-release: ${version}: ${install.message}\n`);
    process.exit(1);
  }
  const { core, ai, typebox } = install.versions;
  process.stderr.write(`cache-release: ${version} ${install.reused ? "already cached" : "installed"} (core ${core}, pi-ai ${ai}, typebox ${typebox})\n`);
}
