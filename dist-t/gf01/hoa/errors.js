import { InputError } from "../../core/errors.js";
/**
 * An InputError that also knows the column: the message reads `file:LINE:COL: reason`
 * (or `line L, column C: reason` without a file). `reason` stays the bare text.
 */
export class HoaError extends InputError {
    column;
    constructor(reason, pos, file) {
        super(reason, { file, line: pos?.line });
        this.name = "HoaError";
        this.column = pos?.col;
        if (pos)
            this.message = file
                ? `${file}:${pos.line}:${pos.col}: ${reason}`
                : `line ${pos.line}, column ${pos.col}: ${reason}`;
    }
}
//# sourceMappingURL=errors.js.map