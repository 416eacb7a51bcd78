import { compileLater, type CompileDiagnostic } from "../../../toolchain/compile.ts";
import type * as ListingsCompile from "../../probes/listings-compile.ts";
import { notCheckable, type CheckResult } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { installedPi } from "../../static/installed.ts";
import { compileAboutPi } from "../../../port/compile-ported.ts";
import { activePort } from "../../../port/through-port.ts";

const listingsCompile = listingsOf(import.meta.url)(() => import("../../probes/listings-compile.ts"));

// The files listings-compile.ts type-checks, named here (that module loads only when a check
// runs) so that one program checks them with the rest of the ledger; a test holds the lists equal.
const CH37_TYPE_CHECKED = ["untyped-params.fails-to-compile.ts", "research-agent.ts"].map(
  (f) => `examples/ch37-agent-core/${f}`,
);
compileLater(CH37_TYPE_CHECKED);

/** "TS2322 at line 4: <the message's last line>" */
export const describeDiagnostic = (d: CompileDiagnostic) =>
  `TS${d.code} at line ${d.line ?? "?"}: ${d.message.split("\n").at(-1)!.trim()}`;

/** "N diagnostics", then each one described, as a listing's compile evidence lists them. */
export const diagnosticsEvidence = (diagnostics: readonly CompileDiagnostic[]) =>
  `${diagnostics.length} diagnostics${diagnostics.length ? `: ${diagnostics.map(describeDiagnostic).join("; ")}` : ""}`;

/** Runs a listing check when the install can be compiled against, or says why not. */
export async function withListings(
  judge: (listings: ListingsCompile.ListingVerdicts) => CheckResult,
): Promise<CheckResult> {
  const listings = (await listingsCompile()).compileChapterListings();
  if ("kind" in listings) return notCheckable(`cannot type-check the listings: ${listings.message}`);
  return judge(listings);
}

/**
 * Runs a check of a claim about Pi's declarations on the listings: compiled as printed where
 * no port applies (the pin), and through the release's port where one does, since the printed
 * import lines decide nothing about such a claim. `through` is " through <port>" or "".
 */
export async function withListingsAboutPi(
  judge: (listings: ListingsCompile.ListingVerdicts, through: string) => CheckResult,
): Promise<CheckResult> {
  if (activePort() === undefined) return withListings((listings) => judge(listings, ""));
  const { LISTINGS, listingVerdicts } = await listingsCompile();
  const { diagnostics, port } = compileAboutPi(Object.values(LISTINGS), installedPi().dirs);
  return judge(listingVerdicts(diagnostics), port === undefined ? "" : ` through ${port.name}`);
}
