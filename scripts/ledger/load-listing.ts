import { isAbsolute, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGE_NAMES, type PackageKey } from "../toolchain/pin.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { verdictOf, type Check } from "./check.ts";
import { activePort, noteListingUsed, recordingListings, withPortNote } from "../port/through-port.ts";
import { PRINTED_CODE_CLAIMS, describePort } from "../port/ports.ts";
import { installedPi } from "./static/installed.ts";
import { withListingsNote } from "../listings/evidence-note.ts";

/**
 * A listing module that the installed Pi cannot load: a module it imports is missing from
 * the install, or does not provide a name the listing imports. Thrown from a listing's
 * loader, like StepFailed; `kind` says what it is, so no caller parses messages.
 */
export class ListingDoesNotLoad extends Error {
  readonly kind = "listing-does-not-load";

  constructor(
    /** The module that failed to link, relative to the project root (a listing, or a Pi file it reaches). */
    readonly file: string,
    /** The Pi package (or typebox) that did not provide what `file` imports. */
    readonly pkg: string,
    /** The loader's own message, first line. */
    readonly loaderMessage: string,
  ) {
    super(`${file} does not load: ${loaderMessage}`);
    this.name = "ListingDoesNotLoad";
  }
}

const PI_PACKAGES = Object.values(PACKAGE_NAMES);

/** The Pi package (or typebox) a module specifier or a node_modules path belongs to. */
function piPackageIn(text: string): string | undefined {
  return PI_PACKAGES.find(
    (name) => text === name || text.startsWith(`${name}/`) || text.includes(`/node_modules/${name}/`),
  );
}

function projectRelative(location: string): string {
  const path = location.startsWith("file:") ? fileURLToPath(location) : location;
  return isAbsolute(path) ? relative(PROJECT_ROOT, path) : path;
}

// The V8 link error names the requested module; its stack opens with "<file>:<line>".
const MISSING_EXPORT = /^The requested module '([^']+)' does not provide an export named '[^']+'/;
// Node's resolution errors end with "imported from <file>".
const MISSING_MODULE = /^(.*) imported from (\S+)$/;

/** The module a loader error names as failing, when it names a module file. */
function failingModule(at: string | undefined): string | undefined {
  // The release matrix's hook resolves Pi from the release folder's package.json, which
  // then stands where the importing listing would.
  return at === undefined || at.endsWith("package.json") ? undefined : projectRelative(at);
}

/**
 * Decides whether a loader error means "the installed Pi no longer provides what the
 * listing imports", and if so returns it as a value naming the module that failed (or
 * `listingFile`, the module the check loaded, when the error names none). Anything else
 * is undefined: the caller rethrows it, and the ledger reports a crash.
 */
export function listingLoadFailure(error: unknown, listingFile: string): ListingDoesNotLoad | undefined {
  if (!(error instanceof Error)) return undefined;
  const message = error.message.split("\n")[0]!;
  let pkg: string | undefined;
  let at: string | undefined;
  if (error instanceof SyntaxError) {
    const requested = MISSING_EXPORT.exec(message)?.[1];
    pkg = requested === undefined ? undefined : piPackageIn(requested);
    at = /^(.+):\d+$/.exec(error.stack?.split("\n")[0] ?? "")?.[1];
  } else {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") return undefined;
    const [, missing = "", importer] = MISSING_MODULE.exec(message) ?? [];
    const words = missing.split(/\s+/).map((word) => word.replace(/^['"]|['"]$/g, ""));
    pkg = words.map(piPackageIn).find((name) => name !== undefined);
    at = importer;
  }
  return pkg === undefined ? undefined : new ListingDoesNotLoad(failingModule(at) ?? listingFile, pkg, message);
}

const loaded = new Map<string, Promise<unknown>>();

/**
 * A listing module, imported on first use (never when the ledger loads) so that a release
 * that breaks one listing costs only the claims that run it. Give the module's URL, and
 * its type as `M` (check files write it through {@link listingsOf}, which tsc checks).
 * The returned function rejects with {@link ListingDoesNotLoad} when the installed Pi cannot
 * load the module, and with the loader's own error otherwise.
 */
export function listing<M>(url: URL): () => Promise<M> {
  return () => {
    noteListingUsed(url.href);
    let module = loaded.get(url.href);
    if (module === undefined) {
      // Imported through a root module of its own: Node 20 keeps a root that failed to link
      // half-linked, and any later graph that reaches it fails with "request for '…' is not
      // in cache" (nodejs/node#52187) instead of the message that says what is missing.
      // A listing as root could be one a later listing imports; its own root never is.
      const root = `data:text/javascript,export * from ${encodeURIComponent(JSON.stringify(url.href))};`;
      module = import(root).catch((error: unknown) => {
        throw listingLoadFailure(error, projectRelative(url.href)) ?? error;
      });
      loaded.set(url.href, module);
    }
    return module as Promise<M>;
  };
}

// A loader's `() => import("…")`, as the function's own text spells it (tsx keeps the specifier).
const IMPORTED = /\bimport\(\s*(["'`])([^"'`]+)\1\s*\)/;

/**
 * The listing loader of one check file: `const listing = listingsOf(import.meta.url)`, then
 * `const steering = listing(() => import("../../../examples/ch37-agent-core/steering.ts"))`.
 * The thunk is there for tsc, which checks its path and gives the module's type; it is never
 * called. Its specifier, resolved against `importer`, is imported by {@link listing}, on first
 * use and through a root of its own.
 */
export function listingsOf(importer: string): <M>(load: () => Promise<M>) => () => Promise<M> {
  return <M>(load: () => Promise<M>) => {
    const specifier = IMPORTED.exec(String(load))?.[2];
    if (specifier === undefined)
      throw new Error(`a listing loader is written () => import("<path>"), not ${String(load)}`);
    return listing<M>(new URL(specifier, importer));
  };
}

/** The installed version of `pkg`, as evidence names it. */
function installedVersion(pkg: string): string {
  const install = installedPi();
  const key = (Object.keys(PACKAGE_NAMES) as PackageKey[]).find((k) => PACKAGE_NAMES[k] === pkg);
  return key === undefined ? pkg : `${pkg} ${install[key]}`;
}

/** "<file> does not load against <package> <version>: <loader's message>", as evidence says it. */
export function describeLoadFailure(failure: ListingDoesNotLoad): string {
  return `${failure.file} does not load against ${installedVersion(failure.pkg)}: ${failure.loaderMessage}`;
}

/**
 * A check that runs the book's listings. A claim about the code as printed
 * (PRINTED_CODE_CLAIMS) `fails` where its listing does not load, with the listing file and the
 * loader's message as evidence. Any other claim is about Pi, and a loader error decides
 * nothing about it: it is measured through the release's port (the matrix and `--pi` serve
 * it, and its evidence says so), and a listing that does not load even so is a port that
 * could not be made, thrown as a crash. Any other throw stays a crash.
 */
export function failsWhenListingDoesNotLoad(check: Check): Check {
  const aboutPrintedCode = PRINTED_CODE_CLAIMS.includes(check.id);
  return {
    id: check.id,
    ...(check.start === undefined ? {} : { start: () => check.start!() }),
    ...(check.asksTypeChecker === undefined ? {} : { asksTypeChecker: check.asksTypeChecker }),
    async run() {
      try {
        const { value, listings } = await recordingListings(() => check.run());
        return { ...value, evidence: withListingsNote(withPortNote(value.evidence, listings), listings) };
      } catch (error) {
        if (!(error instanceof ListingDoesNotLoad)) throw error;
        if (aboutPrintedCode) return verdictOf(false, describeLoadFailure(error));
        const port = activePort();
        throw new Error(
          `no port makes the book's code load here (${port === undefined ? "no port applies to this release" : describePort(port)}): ${describeLoadFailure(error)}`,
        );
      }
    },
  };
}
