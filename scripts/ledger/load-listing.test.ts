import assert from "node:assert/strict";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { verdictOf } from "./check.ts";
import { failsWhenListingDoesNotLoad, listingLoadFailure, listingsOf, ListingDoesNotLoad } from "./load-listing.ts";
import { installedPi } from "./static/installed.ts";

const LISTING = "examples/ch37-agent-core/transcript-run.ts";

/** An error shaped as Node's loader throws it: V8's link error, or a resolution error with a code. */
function loaderError(
  kind: "link" | "ERR_MODULE_NOT_FOUND" | "ERR_PACKAGE_PATH_NOT_EXPORTED",
  message: string,
  at?: string,
): Error {
  if (kind === "link") {
    const error = new SyntaxError(message);
    error.stack = `${at}:2\nimport { Type } from "@earendil-works/pi-ai";\n         ^\n\nSyntaxError: ${message}`;
    return error;
  }
  return Object.assign(new Error(message), { code: kind });
}

test("ch37.code.type-export: pi-ai without Type is listing-does-not-load, naming the module that failed to link", () => {
  const message = "The requested module '@earendil-works/pi-ai' does not provide an export named 'Type'";
  const failure = listingLoadFailure(
    loaderError("link", message, `${PROJECT_ROOT}/examples/ch37-agent-core/lookup-evidence.ts`),
    LISTING,
  );
  assert.ok(failure instanceof ListingDoesNotLoad);
  assert.deepEqual(
    { kind: failure.kind, file: failure.file, pkg: failure.pkg, loaderMessage: failure.loaderMessage },
    {
      kind: "listing-does-not-load",
      file: "examples/ch37-agent-core/lookup-evidence.ts",
      pkg: "@earendil-works/pi-ai",
      loaderMessage: message,
    },
  );
});

test("listing-does-not-load: a Pi package missing from a release names the listing, not the hook's package.json", () => {
  const message = "Cannot find package '@earendil-works/pi-ai' imported from /tmp/release/package.json";
  const failure = listingLoadFailure(loaderError("ERR_MODULE_NOT_FOUND", message), LISTING);
  assert.deepEqual([failure?.file, failure?.pkg], [LISTING, "@earendil-works/pi-ai"]);
});

test("listing-does-not-load: a Pi subpath the release no longer exports names the importing listing", () => {
  const message =
    `Package subpath './compat' is not defined by "exports" in /x/node_modules/@earendil-works/pi-ai/package.json ` +
    `imported from ${PROJECT_ROOT}/examples/ch38-typed-step/support/script.ts`;
  const failure = listingLoadFailure(loaderError("ERR_PACKAGE_PATH_NOT_EXPORTED", message), LISTING);
  assert.deepEqual(
    [failure?.file, failure?.pkg],
    ["examples/ch38-typed-step/support/script.ts", "@earendil-works/pi-ai"],
  );
});

test("listing-does-not-load: typebox counts as part of the install the listings import", () => {
  const message = "The requested module 'typebox' does not provide an export named 'Static'";
  assert.equal(
    listingLoadFailure(loaderError("link", message, `${PROJECT_ROOT}/examples/x.ts`), LISTING)?.pkg,
    "typebox",
  );
});

test("listing-does-not-load: our own mistakes and other packages stay crashes", () => {
  const ownExport = "The requested module './lookup-evidence.ts' does not provide an export named 'LookupParam'";
  const ownFile = `Cannot find module '${PROJECT_ROOT}/examples/x.ts' imported from ${PROJECT_ROOT}/examples/y.ts`;
  const otherPackage = `Cannot find package '@earendil-works/pi-coding-agent' imported from ${PROJECT_ROOT}/examples/y.ts`;
  for (const error of [
    loaderError("link", ownExport, `${PROJECT_ROOT}/examples/x.ts`),
    loaderError("ERR_MODULE_NOT_FOUND", ownFile),
    loaderError("ERR_MODULE_NOT_FOUND", otherPackage),
    new TypeError("Cannot read properties of undefined (reading 'Object')"),
    "a string",
  ]) {
    assert.equal(listingLoadFailure(error, LISTING), undefined, String(error));
  }
});

test("ch37.code.type-export: a claim about the printed code fails with the file, the installed version and the loader's message", async () => {
  const message = "The requested module '@earendil-works/pi-ai' does not provide an export named 'Type'";
  const check = failsWhenListingDoesNotLoad({
    id: "ch37.code.type-export",
    run: () =>
      Promise.reject(
        new ListingDoesNotLoad(
          "examples/ch37-agent-core/demonstrations/type-export.ts",
          "@earendil-works/pi-ai",
          message,
        ),
      ),
  });
  assert.deepEqual(
    await check.run(),
    verdictOf(
      false,
      `examples/ch37-agent-core/demonstrations/type-export.ts does not load against @earendil-works/pi-ai ${installedPi().ai}: ${message}`,
    ),
  );
});

test("listing-does-not-load: a behavioural claim is never decided by a loader error: without a port that makes the listing load, it is a crash naming the listing", async () => {
  const message = "The requested module '@earendil-works/pi-ai' does not provide an export named 'Type'";
  const check = failsWhenListingDoesNotLoad({
    id: "ch37.transcript.shape",
    run: () =>
      Promise.reject(
        new ListingDoesNotLoad("examples/ch37-agent-core/lookup-evidence.ts", "@earendil-works/pi-ai", message),
      ),
  });
  await assert.rejects(
    check.run(),
    /^Error: no port makes the book's code load here \(no port applies to this release\): examples\/ch37-agent-core\/lookup-evidence\.ts does not load/,
  );
});

test("listing-does-not-load: any other throw from a check is still a crash", async () => {
  const check = failsWhenListingDoesNotLoad({
    id: "ch37.transcript.shape",
    run: () => Promise.reject(new TypeError("boom")),
  });
  await assert.rejects(check.run(), TypeError);
});

test("listingsOf: a loader written () => import(path) loads the module at that path, resolved against the file that wrote it", async () => {
  const load = listingsOf(import.meta.url)(() => import("../../examples/ch37-agent-core/support/corpus.ts"));
  const direct = await import("../../examples/ch37-agent-core/support/corpus.ts");
  assert.deepEqual(Object.keys(await load()).sort(), Object.keys(direct).sort());
});

test("listingsOf: a loader not written () => import(path) is refused when the check file loads, naming the form to write", () => {
  const path = "../../examples/ch37-agent-core/support/corpus.ts";
  assert.throws(
    () => listingsOf(import.meta.url)(() => import(path)),
    /a listing loader is written \(\) => import\("<path>"\)/,
  );
});
