import type { EpisodeOutcome } from "./outcome.js";
import { type Observation } from "./observation.js";
/** Render one observation as the R1 text screen (no trailing newline). */
export declare function renderObservation(o: Observation): string;
/** Parse an R1 screen back into the observation (exact inverse of `renderObservation`). */
export declare function parseObservation(text: string): Observation;
/** The final screen: verdict and score of the commit episode. */
export declare function renderVerdict(o: EpisodeOutcome): string;
