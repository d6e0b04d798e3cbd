import { addViewOptions, runViewer } from "../../core/view/command.js";
const collect = (v, prev = []) => [...prev, v];
/** Registers `geb view` (docs/viewer.md). */
export function registerViewCommand(program) {
    addViewOptions(program
        .command("view")
        .description("Browse runs query by query: answer, citations, evidence lines, prompt and reply")
        .argument("<runs...>", "results files, run dirs or sweep trees (as geb summarize --in)")
        .option("--data <file>", "the dataset (default: each run's data.path)")
        .option("--records <file>", "engine records of a run (geb model --results); repeat, in run order", collect, [])).action(async (runs, o) => {
        const { gebViewDataset } = await import("./dataset.js");
        const d = await gebViewDataset({ runs, data: o.data, records: o.records });
        await runViewer(d, o, "geb view");
    });
}
//# sourceMappingURL=cli.js.map