import { outFileFlag, portFlag } from "../cli.js";
export const DEFAULT_VIEW_PORT = 8020;
export function addViewOptions(cmd) {
    return cmd
        .option("--html <file>", "write one self-contained HTML file instead of serving", outFileFlag("--html"))
        .option("--port <n>", `TCP port (0 = any free port; default ${DEFAULT_VIEW_PORT})`, portFlag("--port"), DEFAULT_VIEW_PORT)
        .option("--host <addr>", "address to listen on (loopback by default; 0.0.0.0 exposes the runs)", "127.0.0.1");
}
/** Write the static page, or serve until SIGINT/SIGTERM. Lines go to stderr, the URL/path to stdout. */
export async function runViewer(d, o, name) {
    const log = (l) => process.stderr.write(`${l}\n`);
    for (const n of d.notes)
        log(`${name}: note: ${n}`);
    if (o.html) {
        const { writeStaticViewer } = await import("./index.js");
        await writeStaticViewer(d, o.html);
        log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s) → ${o.html}`);
        process.stdout.write(`${o.html}\n`);
        return;
    }
    // Loaded here, not at the top: registering `view` must not load the page or node:http.
    const { startViewServer } = await import("./server.js");
    const s = await startViewServer(d, { port: o.port, host: o.host });
    log(`${name}: ${d.rows.length} sample(s) from ${d.runs.length} run(s); Ctrl-C to stop`);
    process.stdout.write(`${s.url}/\n`);
    await new Promise((resolve) => {
        process.once("SIGINT", resolve);
        process.once("SIGTERM", resolve);
    });
    await s.close();
}
//# sourceMappingURL=command.js.map