import { runThroughProxy, runWithDefaultStreamFn } from "./ch37-agent-core/host-stream-fns.ts";
console.log(await runWithDefaultStreamFn()); console.log(JSON.stringify(await runThroughProxy()));
