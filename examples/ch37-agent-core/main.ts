// Entry point of `npm run ch37`. Only the pin check and the command line are imported
// statically: with a different Pi installed, the reader gets one line and exit status 2 before
// any Pi module loads.
import { commandLine } from "../../scripts/lib/cli.ts";
import { requirePinnedPi } from "../support/pin.ts";

commandLine({
  name: "ch37",
  usage: "usage: npm run ch37",
  details: "Runs chapter 37's demonstrations against the installed Pi and the scripted faux provider, and prints what each showed.",
  options: {},
});

const installed = requirePinnedPi();
const { printChapter37 } = await import("./demo.ts");
await printChapter37(installed);
