#!/usr/bin/env node
// The `gf01` bin: always runs the CLI, however it is reached (npx, node_modules/.bin symlink,
// global install, npm run), because no "is this the main module" test is involved.
import { runMain } from "../core/cli.js";
import { main } from "../gf01/cli.js";
runMain(main);
//# sourceMappingURL=gf01.js.map