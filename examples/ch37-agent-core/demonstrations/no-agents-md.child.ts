// Run by ../no-agents-md.ts with its working directory set to a folder holding AGENTS.md.
import { promptAndRecord } from "./no-agents-md.ts";

process.stdout.write(JSON.stringify(await promptAndRecord()));
