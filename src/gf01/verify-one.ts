/**
 * `verifyOne` (one certificate against one instance of a bundle) and the flag parsers it shares
 * with validate/report, in a module whose graph has no zod: `gf01 verify` reads the instance
 * through bundle-lean.ts and loads bundle.ts (zod, the formal loader) only for a malformed or
 * non-bundle input, or with `checkBundle`. Re-exported by score-api.ts and api.ts.
 */
import { InputError } from "../core/errors.js";
import type { BundleSource } from "./artifacts/bundle.js";
import { loadBundleInstanceLean } from "./artifacts/bundle-lean.js";
import { bundleSourceName } from "./artifacts/loaded-bundle.js";
import { parseCertificate } from "./model/certificate.js";
import {
  ATOM_BUDGET_RULES,
  type AtomBudgetRule,
  compileInstance,
  DEFAULT_ATOM_BUDGET_RULE,
} from "./model/compile.js";
import type { Gf01Instance } from "./model/types.js";
import { scoreCertificate } from "./verify/score.js";
import type { SubsetCaps } from "./verify/subset.js";

export type BestMatchPool = "complete" | "official";

/** Parse a `--best-match-pool` value; undefined stays undefined (the caller's default applies). */
export function parseBestMatchPool(v: unknown): BestMatchPool | undefined {
  if (v === undefined || v === "complete" || v === "official") return v;
  throw new InputError(`unknown --best-match-pool ${String(v)} (expected complete | official)`, {
    field: "best-match-pool",
  });
}

/** Parse an `--atom-budget` value (one-line usage error otherwise). */
export function parseAtomBudgetRule(v: unknown, field = "atom-budget"): AtomBudgetRule {
  if (v === undefined) return DEFAULT_ATOM_BUDGET_RULE;
  if ((ATOM_BUDGET_RULES as readonly unknown[]).includes(v)) return v as AtomBudgetRule;
  throw new InputError(`unknown --${field} ${String(v)} (expected ${ATOM_BUDGET_RULES.join(" | ")})`, {
    field,
  });
}

export interface ApiResult {
  ok: boolean;
  payload: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------
// verify one certificate

export async function verifyOne(o: {
  instancesFile: BundleSource;
  instanceId?: string;
  certificate: unknown;
  /** The file the certificate was read from (`--certificate @file`): named in its errors. */
  certificateFile?: string;
  pool?: BestMatchPool;
  /** Run SubsetMin: true (default caps) or the caps (gf01 freeze-caps). */
  diagnostic?: boolean | SubsetCaps;
  atomBudget?: AtomBudgetRule;
  /** Also validate every other instance and the bundle's instances_hash. */
  checkBundle?: boolean;
}): Promise<ApiResult> {
  // Only the chosen instance is validated; the whole bundle (every instance, instances_hash)
  // only with `checkBundle`.
  let inst: Gf01Instance | undefined;
  if (o.checkBundle) {
    const b = await (await import("./artifacts/bundle.js")).loadBundle(o.instancesFile);
    if (o.instanceId) inst = b.byId.get(o.instanceId);
    else if (b.instances.length === 1) inst = b.instances[0];
  } else inst = (await loadBundleInstanceLean(o.instancesFile, o.instanceId || undefined)).instance;
  if (!inst) {
    throw new InputError(
      o.instanceId
        ? `instance_id ${o.instanceId} is not in the bundle`
        : "the bundle has several instances; pass --instance-id",
      { file: bundleSourceName(o.instancesFile), field: "instance_id" },
    );
  }
  let cert: ReturnType<typeof parseCertificate>;
  try {
    cert = parseCertificate(o.certificate);
  } catch (e) {
    if (e instanceof InputError && o.certificateFile) throw e.at({ file: o.certificateFile });
    throw e;
  }
  const ci = compileInstance(inst);
  const s = scoreCertificate(ci, cert, {
    bestMatch: { pool: o.pool ?? "complete" },
    diagnostic: o.diagnostic,
    atomBudget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE,
  });
  return {
    ok: true,
    payload: {
      instance_id: inst.instance_id,
      certificate: cert.map((a) => [a[0], a[1], a[2]]),
      ...s,
    },
  };
}
