import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  outFileFlag,
  portFlag
} from "./chunk-CRNPPSQM.js";

// src/core/view/command.ts
var DEFAULT_VIEW_PORT = 8020;
function addViewOptions(cmd) {
  return cmd.option("--html <file>", "write one self-contained HTML file instead of serving", outFileFlag("--html")).option(
    "--port <n>",
    `TCP port (0 = any free port; default ${DEFAULT_VIEW_PORT})`,
    portFlag("--port"),
    DEFAULT_VIEW_PORT
  ).option(
    "--host <addr>",
    "address to listen on (loopback by default; 0.0.0.0 exposes the runs)",
    "127.0.0.1"
  );
}
async function runViewer(d, o, name) {
  const log = (l) => process.stderr.write(`${l}
`);
  for (const n of d.notes) log(`${name}: note: ${n}`);
  if (o.html) {
    const { writeStaticViewer } = await import("./chunk-X3JT2EIC.js");
    await writeStaticViewer(d, o.html);
    log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s) \u2192 ${o.html}`);
    process.stdout.write(`${o.html}
`);
    return;
  }
  const { startViewServer } = await import("./chunk-7G3GV2B5.js");
  const s = await startViewServer(d, { port: o.port, host: o.host });
  log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s); Ctrl-C to stop`);
  process.stdout.write(`${s.url}/
`);
  await new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await s.close();
}

export {
  addViewOptions,
  runViewer
};
