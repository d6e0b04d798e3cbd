import type { CheckResult } from "./policy.js";
export async function releasePackageDirs(_o: {
  freezeDir: string;
  campaignDir: string;
  outDir: string;
  force: boolean;
}): Promise<CheckResult> {
  return { ok: false, payload: { status: "error", error_type: "not_implemented" } };
}
