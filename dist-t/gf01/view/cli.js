import { addViewOptions, runViewer } from "../../core/view/command.js";
/** Registers `gf01 view` (docs/viewer.md). */
export function registerViewCommand(program) {
    addViewOptions(program
        .command("view")
        .description("Browse run files sample by sample: episodes, replays, certificates, model messages")
        .argument("<runs...>", "run_record JSONL files (step logs and prompts are read from beside them)")
        .option("--instances <bundle>", "instance bundle: goal panel and best-matching minimal certificate")).action(async (runs, o) => {
        const { gf01ViewDataset } = await import("./dataset.js");
        const d = await gf01ViewDataset({ runs, instances: o.instances });
        await runViewer(d, o, "gf01 view");
    });
}
//# sourceMappingURL=cli.js.map