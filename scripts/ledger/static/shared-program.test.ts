import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { LISTINGS } from "../probes/listings-compile.ts";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { announcedFiles } from "../../toolchain/shared-program.ts";
import "../all-checks.ts";

test("shared program: loading the registry announces every listing the ch37 checks compile, so one program checks them with the declarations", () => {
  const missing = Object.values(LISTINGS).filter((file) => !announcedFiles().has(resolve(PROJECT_ROOT, file)));
  assert.deepEqual(missing, []);
});
