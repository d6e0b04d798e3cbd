import type { Cell, SweepSpec } from "./grid.js";
export interface WorkerJob {
    spec: SweepSpec;
    cell: Cell;
    outRoot: string;
}
