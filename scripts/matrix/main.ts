// npm run matrix [-- --versions 1.0.3,1.6.0] [--json] [--jobs N] [--proof-only]
// Runs the claim ledger against every served 1.x release of pi-agent-core (and a plain
// unpinned install of the pin), each in its own child process, and writes appendix B.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_NAMES, PIN } from "../toolchain/pin.ts";
import { commandLine, orExit, wholeNumber } from "../lib/cli.ts";
import { renderAppendixB, renderSummary, type AppendixJson } from "./appendix-b-releases.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { measuredAt } from "../lib/environment.ts";
import { ensureColumnInstall, releaseColumn, unpinnedColumn, type Column } from "./columns.ts";
import { isLedgerRunFailure, portOf, runLedgerAgainst } from "./ledger-run.ts";
import { readCompleteInstall, RELEASES_CACHE } from "./install-cache.ts";
import { checkPortAgainst, portDiff } from "../port/diff.ts";
import { describePort } from "../port/ports.ts";
import { buildMatrix, type ColumnResult, type PortProof } from "./matrix.ts";
import { APPENDIX_DIR, PROJECT_ROOT } from "../lib/paths.ts";
import { DEFAULT_JOBS, mapWithConcurrency } from "../lib/pool.ts";
import { isRegistryProblem, servedVersions } from "../lib/npm-registry.ts";
import { releasesToMeasure } from "./versions.ts";

function refuse(message: string): never {
  process.stderr.write(`matrix: ${message}\n`);
  process.exit(2);
}

function progress(message: string): void {
  process.stderr.write(`matrix: ${message}\n`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

const COMMAND = {
  name: "matrix",
  usage: "usage: npm run matrix [-- --versions 1.0.3,1.6.0] [--json] [--jobs N] [--proof-only]",
  details: [
    "Runs the claim ledger against every served 1.x release of pi-agent-core (and an unpinned install of the pin),",
    "each in its own child process, and writes appendix/B-releases.md and .json.",
    "  --versions LIST  only these releases, comma-separated",
    "  --json           print the matrix as JSON instead of the summary",
    `  --jobs N         columns measured at once (default ${DEFAULT_JOBS})`,
    "  --proof-only     keep the last run's verdicts; re-measure only the port's diff and its type-check against the newest release",
  ].join("\n"),
  options: {
    versions: { type: "string" },
    json: { type: "boolean", default: false },
    jobs: { type: "string" },
    "proof-only": { type: "boolean", default: false },
  },
} as const;

function parseCommandLine(): { versions: string | undefined; json: boolean; jobs: number; proofOnly: boolean } {
  const { values } = commandLine(COMMAND);
  const jobs =
    values.jobs === undefined ? DEFAULT_JOBS : orExit(COMMAND, wholeNumber(COMMAND, "--jobs", values.jobs, 1));
  return { versions: values.versions, json: values.json, jobs, proofOnly: values["proof-only"] };
}

/** A child's message with the project's own paths made relative, as the appendix shows them. */
function withinProject(message: string): string {
  return message.replaceAll(`${PROJECT_ROOT}/`, "");
}

/** Installs one column (or reuses its cache) and runs the ledger against it. */
async function measureColumn(column: Column, position: string): Promise<ColumnResult> {
  const base = { key: column.key, kind: column.kind, core: column.core };
  const started = performance.now();
  progress(`${position} ${column.key}: preparing the install (cache: ${join(".cache", "pi-releases", column.key)})`);
  const { install, note } = await ensureColumnInstall(RELEASES_CACHE, column);
  if (note !== undefined) progress(`${position} ${column.key}: ${note}`);
  if ("kind" in install) {
    const message = withinProject(install.message);
    progress(`${position} ${column.key}: install failed: ${message}`);
    return { ...base, status: "install-failed", message, claims: [] };
  }
  const { core, ai, typebox } = install.versions;
  const portUsed = portOf(install);
  const port = portUsed === undefined ? undefined : describePort(portUsed);
  progress(
    `${position} ${column.key}: ${install.reused ? "cached" : `installed in ${seconds(started)}`} (core ${core}, pi-ai ${ai}, typebox ${typebox}); ` +
      `running the ledger${port === undefined ? "" : ` with ${port}`}`,
  );
  const ledgerStarted = performance.now();
  const report = await runLedgerAgainst(install);
  if (isLedgerRunFailure(report)) {
    const message = withinProject(report.message);
    progress(`${position} ${column.key}: ${report.kind}: ${message}`);
    return { ...base, installed: install.versions, port, status: report.kind, message, claims: [] };
  }
  const tally = (verdict: string) => report.claims.filter((c) => "verdict" in c && c.verdict === verdict).length;
  const crashed = report.claims.filter((c) => "crash" in c).length;
  progress(
    `${position} ${column.key}: ${tally("holds")} holds, ${tally("qualified")} qualified, ${tally("fails")} fails, ${tally("not-checkable")} not-checkable` +
      `${crashed > 0 ? `, ${crashed} crashed` : ""} (ledger ${seconds(ledgerStarted)})`,
  );
  return {
    ...base,
    installed: install.versions,
    port,
    status: "measured",
    node: report.node,
    claims: report.claims,
    findings: report.findings ?? [],
  };
}

/**
 * The port the newest release needs, as a diff, applied to a scratch copy of examples/ and
 * type-checked against that release's install; undefined when the release needs no port.
 */
function provePort(newest: string | undefined): PortProof | undefined {
  if (newest === undefined) return undefined;
  const install = readCompleteInstall(RELEASES_CACHE, releaseColumn(newest).spec);
  const port = install === undefined ? undefined : portOf(install);
  if (install === undefined || port === undefined) return undefined;
  const started = performance.now();
  progress(`type-checking the book's code with ${port.name} against ${newest}`);
  const checked = checkPortAgainst(port, install.dir, join(PROJECT_ROOT, ".cache", "port-check", newest));
  const proof: PortProof = { release: newest, port: describePort(port), diff: portDiff(port) };
  if ("kind" in checked) proof.problem = checked.message;
  else proof.diagnostics = checked;
  progress(
    `${port.name} against ${newest}: ${"kind" in checked ? checked.message : `${checked.length} diagnostics`} (${seconds(started)})`,
  );
  return proof;
}

/** Writes appendix B's markdown and JSON together, or neither. */
function writeAppendixB(json: AppendixJson): void {
  const { environment: env, ...matrix } = json;
  writeFilesAtomically({
    [join(APPENDIX_DIR, "B-releases.md")]: renderAppendixB(matrix, env),
    [join(APPENDIX_DIR, "B-releases.json")]: JSON.stringify(json, null, 2) + "\n",
  });
}

/**
 * `--proof-only`: the last run's columns and verdicts as appendix B's JSON stores them (their
 * environment says where they were measured), with the port's diff and its type-check done
 * again on today's examples/ against the same release.
 */
function reproveOnly(options: { json: boolean; versions: string | undefined }): void {
  if (options.versions !== undefined) refuse("--proof-only keeps the last run's columns; drop --versions");
  const path = join(APPENDIX_DIR, "B-releases.json");
  let stored: AppendixJson;
  try {
    stored = JSON.parse(readFileSync(path, "utf8")) as AppendixJson;
  } catch (error) {
    refuse(
      `--proof-only needs the last run's ${join("appendix", "B-releases.json")} (${(error as Error).message}); run npm run matrix first`,
    );
  }
  const release = stored.portProof?.release;
  if (release === undefined)
    refuse("the last run proved no port (appendix/B-releases.json has no portProof); run npm run matrix");
  if (readCompleteInstall(RELEASES_CACHE, releaseColumn(release).spec) === undefined) {
    refuse(
      `no ${release} install in .cache/pi-releases; run node --import tsx scripts/matrix/cache-release.ts ${release}`,
    );
  }
  const { date, commit } = measuredAt();
  const proof: PortProof = { ...provePort(release)!, provedAt: { date, commit } };
  const { environment, ...matrix } = stored;
  writeAppendixB({ ...matrix, portProof: proof, environment });
  progress(
    `wrote appendix/B-releases.md and .json: the verdicts of ${environment.commit} (${environment.date}) kept, the port re-proved against ${release}`,
  );
  process.stdout.write(
    options.json
      ? JSON.stringify({ ...matrix, portProof: proof }, null, 2) + "\n"
      : renderSummary({ ...matrix, portProof: proof }),
  );
  process.exitCode = proof.diagnostics === undefined || proof.diagnostics.length > 0 ? 1 : 0;
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  if (options.proofOnly) return reproveOnly(options);
  const started = performance.now();
  const served = await servedVersions(PACKAGE_NAMES.core);
  if (isRegistryProblem(served)) refuse(`cannot list the releases of ${PACKAGE_NAMES.core}: ${served.message}`);
  const releases = releasesToMeasure(served, options.versions);
  if (!Array.isArray(releases)) refuse(releases.message);

  const columns = [...releases.map(releaseColumn), unpinnedColumn(PIN.core)];
  const workers = options.jobs;
  progress(`${columns.length} columns (${columns.map((c) => c.key).join(", ")}), ${workers} at a time`);
  let done = 0;
  const results = await mapWithConcurrency(columns, workers, async (column) => {
    const result = await measureColumn(column, `[${columns.indexOf(column) + 1}/${columns.length}]`);
    progress(`${++done}/${columns.length} columns done`);
    return result;
  });

  const matrix = buildMatrix(results);
  const proof = provePort(releases.at(-1));
  if (proof !== undefined) matrix.portProof = proof;
  writeAppendixB({ ...matrix, environment: measuredAt() });
  const unmeasured = results.filter((r) => r.status !== "measured");
  progress(
    `wrote appendix/B-releases.md and .json: ${matrix.claims.length} claims × ${results.length} columns in ${seconds(started)}` +
      (unmeasured.length > 0 ? `; not measured: ${unmeasured.map((r) => `${r.key} (${r.status})`).join(", ")}` : ""),
  );
  process.stdout.write(options.json ? JSON.stringify(matrix, null, 2) + "\n" : renderSummary(matrix));
  // Verdicts of `fails` are findings, not errors; a column that could not be measured is.
  process.exitCode = unmeasured.length > 0 ? 1 : 0;
}

await main();
