import { InputError } from "../../core/errors.js";
import type { HoaPos } from "./types.js";
/**
 * An InputError that also knows the column: the message reads `file:LINE:COL: reason`
 * (or `line L, column C: reason` without a file). `reason` stays the bare text.
 */
export declare class HoaError extends InputError {
    readonly column?: number;
    constructor(reason: string, pos?: HoaPos, file?: string);
}
