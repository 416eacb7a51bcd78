// Entry point of `npm run ch37`. Only the pin check and the command line are imported
// statically: with a different Pi installed, the reader gets one line and exit status 2 before
// any Pi module loads.
import { commandLine } from "../../lib/cli.ts";
import { PI_OPTION, PI_OPTION_HELP, runOnReleaseWhenAsked } from "../../matrix/pi-option.ts";
import { requirePinnedPi } from "../../toolchain/pin.ts";

const { values } = commandLine({
  name: "ch37",
  usage: "usage: npm run ch37 [-- --pi VERSION]",
  details:
    "Runs chapter 37's demonstrations against the installed Pi and the scripted faux provider, and prints what each showed.\n" +
    PI_OPTION_HELP,
  options: PI_OPTION,
});
await runOnReleaseWhenAsked("ch37", import.meta.url, values.pi);

const installed = requirePinnedPi();
const { printChapter37 } = await import("./demo-tables.ts");
await printChapter37(installed);
