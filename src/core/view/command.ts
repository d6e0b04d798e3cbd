/**
 * What `gf01 view` and `geb view` share: the `--html/--port/--host` options and the action
 * after the family adapter built its dataset (write one static file, or serve on loopback
 * until Ctrl-C).
 */
import type { Command } from "commander";
import { outFileFlag, portFlag } from "../cli.js";
import type { ViewDataset } from "./types.js";

export const DEFAULT_VIEW_PORT = 8020;

export function addViewOptions(cmd: Command): Command {
  return cmd
    .option("--html <file>", "write one self-contained HTML file instead of serving", outFileFlag("--html"))
    .option(
      "--port <n>",
      `TCP port (0 = any free port; default ${DEFAULT_VIEW_PORT})`,
      portFlag("--port"),
      DEFAULT_VIEW_PORT,
    )
    .option(
      "--host <addr>",
      "address to listen on (loopback by default; 0.0.0.0 exposes the runs)",
      "127.0.0.1",
    )
    .option(
      "--allowed-host <name>",
      "also answer requests whose Host header is this name (repeatable; loopback names and the bound address always pass, others get 403: DNS-rebinding guard; * = any)",
      (v: string, prev: string[] = []) => [...prev, v],
      [] as string[],
    );
}

export interface ViewCommandOptions {
  html?: string;
  port: number;
  host: string;
  allowedHost?: string[];
}

/** Write the static page, or serve until SIGINT/SIGTERM. Lines go to stderr, the URL/path to stdout. */
export async function runViewer(d: ViewDataset, o: ViewCommandOptions, name: string): Promise<void> {
  const log = (l: string) => process.stderr.write(`${l}\n`);
  for (const n of d.notes) log(`${name}: note: ${n}`);
  if (o.html) {
    const { writeStaticViewer } = await import("./index.js");
    await writeStaticViewer(d, o.html);
    log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s) → ${o.html}`);
    process.stdout.write(`${o.html}\n`);
    return;
  }
  // Loaded here, not at the top: registering `view` must not load the page or node:http.
  const { startViewServer } = await import("./server.js");
  const s = await startViewServer(d, { port: o.port, host: o.host, allowedHosts: o.allowedHost });
  log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s); Ctrl-C to stop`);
  process.stdout.write(`${s.url}/\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await s.close();
}
