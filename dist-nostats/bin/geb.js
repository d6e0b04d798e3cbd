#!/usr/bin/env node
// The `geb` and `goldevidencebench` bins: always run the CLI, however they are reached (npx,
// node_modules/.bin symlink, global install, npm run).
import { runMain } from "../core/cli.js";
import { main } from "../geb/cli/main.js";
runMain(main);
//# sourceMappingURL=geb.js.map