/**
 * The opening of every official check's JSON verdict: `status` ("ok" or "error") and
 * `error_type` naming the failed policy ("" when it passed). One place for the convention the
 * release, governance and study checks share.
 */
export function verdictHead(
  passed: boolean,
  errorType: string,
): { status: "ok" | "error"; error_type: string } {
  return { status: passed ? "ok" : "error", error_type: passed ? "" : errorType };
}
