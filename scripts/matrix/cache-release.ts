// `node --import tsx scripts/matrix/cache-release.ts 1.6.0`: puts one release in the matrix's
// install cache (.cache/pi-releases/<version>), as CI does before `npm test` so that the port's
// type-check runs against a real install.
import { valid } from "semver";
import { releaseColumn } from "./columns.ts";
import { ensureInstall } from "./install-cache.ts";
import { RELEASES_CACHE } from "./paths.ts";

const versions = process.argv.slice(2);
if (versions.length === 0 || versions.some((v) => valid(v) !== v)) {
  process.stderr.write("cache-release: usage: node --import tsx scripts/matrix/cache-release.ts VERSION...\n");
  process.exit(2);
}
for (const version of versions) {
  const install = await ensureInstall(RELEASES_CACHE, releaseColumn(version).spec);
  if ("kind" in install) {
    process.stderr.write(`cache-release: ${version}: ${install.message}\n`);
    process.exit(1);
  }
  const { core, ai, typebox } = install.versions;
  process.stderr.write(`cache-release: ${version} ${install.reused ? "already cached" : "installed"} (core ${core}, pi-ai ${ai}, typebox ${typebox})\n`);
}
