/**
 * The trap families ported so far. Families not listed here are not implemented yet
 * (docs/geb/traps.md lists them); `geb trap list` prints both.
 */
import { authorityUnderInterferenceFamily } from "./families/authority-under-interference.js";
import { compressionLossBoundedFamily } from "./families/compression-loss-bounded.js";
import { compressionRecoverabilityFamily } from "./families/compression-recoverability.js";
import { epistemicFamily } from "./families/epistemic.js";
import { myopicPlanningDerivedFamily } from "./families/myopic-planning-derived.js";
import { myopicPlanningTrapsFamily } from "./families/myopic-planning-traps.js";
import { novelContinuityFamily } from "./families/novel-continuity.js";
import { novelContinuityDerivedFamily } from "./families/novel-continuity-derived.js";
import { novelContinuityLongHorizonFamily } from "./families/novel-continuity-long-horizon.js";
import { ragPromptInjectionFamily } from "./families/rag-prompt-injection.js";
import { referentialIndexingDerivedFamily } from "./families/referential-indexing-derived.js";
import { referentialIndexingSuiteFamily } from "./families/referential-indexing-suite.js";
import type { TrapFamily } from "./types.js";

export const TRAP_FAMILIES: readonly TrapFamily[] = [
  epistemicFamily,
  compressionLossBoundedFamily,
  compressionRecoverabilityFamily,
  ragPromptInjectionFamily,
  authorityUnderInterferenceFamily,
  novelContinuityFamily,
  novelContinuityLongHorizonFamily,
  myopicPlanningTrapsFamily,
  referentialIndexingSuiteFamily,
  // 1.0 variants (compat "1.0"): answers derived, not read from the ledger.
  myopicPlanningDerivedFamily,
  referentialIndexingDerivedFamily,
  novelContinuityDerivedFamily,
];

/** Reference families not ported yet (ids as the reference names them). */
export const TRAP_FAMILIES_NOT_PORTED: readonly string[] = [
  "implication_coherence",
  "social_pressure_self_doubt",
  "persona_session_drift",
  "compression_roundtrip_generalization",
  "authority_under_interference_hardening",
  "rpa_mode_switch",
  "intent_spec_layer",
  "noise_escalation",
  "agency_preserving_substitution",
  "persona_amalgamation",
  "cross_app_intent_preservation_pack",
];

export function trapFamily(id: string): TrapFamily | null {
  return TRAP_FAMILIES.find((f) => f.id === id) ?? null;
}
