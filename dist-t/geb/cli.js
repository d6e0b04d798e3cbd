#!/usr/bin/env node
/** `geb` entry point; the program lives in ./cli/main.ts. */
import { isMainModule, runMain } from "../core/cli.js";
import { main } from "./cli/main.js";
export { buildProgram, main } from "./cli/main.js";
// The installed bins are src/bin/geb.ts; this serves `node dist/geb/cli.js` and `tsx src/geb/cli.ts`.
if (isMainModule(import.meta.url))
    runMain(main);
//# sourceMappingURL=cli.js.map