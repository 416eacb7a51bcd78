// Entry point of `npm run ch37`. Only the pin check is imported statically: with a different
// Pi installed, the reader gets one line and exit status 2 before any Pi module loads.
import { requirePinnedPi } from "../support/pin.ts";

const installed = requirePinnedPi();
const { printChapter37 } = await import("./demo.ts");
await printChapter37(installed);
