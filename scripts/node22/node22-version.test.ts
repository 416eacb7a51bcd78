import assert from "node:assert/strict";
import { test } from "node:test";
import { newestNode22 } from "./node22-version.ts";

test("Node 22 pick: the newest 22.x at or above Pi's floor 22.19.0", () => {
  assert.equal(newestNode22(["20.20.2", "22.18.0", "22.19.0", "22.23.5", "22.9.0", "23.1.0", "24.0.0"]), "22.23.5");
});

test("Node 22 pick: releases below 22.19.0, prereleases and other majors are never picked", () => {
  assert.equal(newestNode22(["22.18.0", "22.9.0", "22.30.0-rc.1", "23.1.0"]), undefined);
});
