/** What a gf01 check or governance command returns: a verdict and its JSON payload. */
export interface CheckResult {
  ok: boolean;
  payload: Record<string, unknown>;
}

/** A failure that is a verdict on the input (exit 2), in the official error shape. */
export const errorPayload = (error_type: string, extra: Record<string, unknown>): CheckResult => ({
  ok: false,
  payload: { status: "error", error_type, ...extra },
});
