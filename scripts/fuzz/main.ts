// The fuzzer's entry point: step()'s properties over many random conversations.
//   npm run fuzz -- [--runs N] [--seed S [--path P]] [--version fixed|unfixed|no-bound] | --replay JSON
// Exit status: 0 no counterexample, 1 a counterexample (printed shrunk, with how to replay it), 2 bad input.
import { requirePinnedPi } from "../toolchain/pin.ts";
import { exitQuietlyWhenClosed, orExit } from "../lib/cli.ts";
import { FUZZ_COMMAND, parseFuzzArgs } from "./fuzz-command.ts";

exitQuietlyWhenClosed();
const args = orExit(FUZZ_COMMAND, parseFuzzArgs(process.argv.slice(2)));
requirePinnedPi();
const { runFuzz } = await import("./campaign.ts");
process.exitCode = await runFuzz(args, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
});
