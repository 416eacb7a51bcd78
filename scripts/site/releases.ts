import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APPENDIX_DIR } from "../lib/paths.ts";

/** Appendix B's data, written by `npm run matrix`: every claim's verdict in every column. */
export const RELEASES_JSON = join(APPENDIX_DIR, "B-releases.json");

/** One column of the matrix: a release, or the pin installed without the lockfile. */
export interface ReleaseColumn {
  key: string;
  kind: string;
  status: string;
  crashes: { id: string }[];
}

/** One id's row of the matrix: what each column measured (a column that did not measure it has no entry). */
export interface ReleaseRow {
  id: string;
  label: string;
  verdicts: Record<string, { verdict: string; evidence: string } | undefined>;
}

/** The part of appendix B's JSON the site reads. */
export interface ReleaseMatrix {
  columns: ReleaseColumn[];
  claims: ReleaseRow[];
  /** The companion's findings, measured like the claims (absent from appendices written before findings were). */
  findings?: ReleaseRow[];
}

/** One id's row, a book claim's or a finding's. */
export function releaseRow(matrix: ReleaseMatrix, id: string): ReleaseRow | undefined {
  return matrix.claims.find((c) => c.id === id) ?? matrix.findings?.find((f) => f.id === id);
}

/** What the matrix found for one claim or finding in one column: a verdict, "crashed", or undefined (not measured). */
export function releaseVerdict(matrix: ReleaseMatrix, id: string, column: ReleaseColumn): string | undefined {
  if (column.crashes.some((c) => c.id === id)) return "crashed";
  return releaseRow(matrix, id)?.verdicts[column.key]?.verdict;
}

/** The committed matrix, or undefined on a clone where `npm run matrix` never ran. */
export function loadReleaseMatrix(path: string = RELEASES_JSON): ReleaseMatrix | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as ReleaseMatrix) : undefined;
}

/** The newest release the matrix measured (a released version, not the unpinned install). */
export function newestRelease(matrix: ReleaseMatrix): ReleaseColumn | undefined {
  return matrix.columns.filter((c) => c.kind === "release" && c.status === "measured").at(-1);
}
