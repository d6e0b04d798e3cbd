import type { Atom } from "../model/types.js";
import { type ScoreOptions } from "../verify/score.js";
export interface ScoreJob {
    id: number;
    key: string;
    certificate: Atom[];
    options: ScoreOptions;
}
