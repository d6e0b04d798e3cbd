/**
 * The trap families ported so far. Families not listed here are not implemented yet
 * (docs/geb/traps.md lists them); `geb trap list` prints both.
 */
import {
  authorityUnderInterferenceFamily,
  authorityUnderInterferenceHardeningFamily,
} from "./families/authority-under-interference.js";
import { aggregationDerivedFamily } from "./families/aggregation-derived.js";
import { compressionDerivedFamily } from "./families/compression-derived.js";
import { compressionLossBoundedFamily } from "./families/compression-loss-bounded.js";
import { compressionRecoverabilityFamily } from "./families/compression-recoverability.js";
import { compressionRoundtripFamily } from "./families/compression-roundtrip.js";
import {
  agencyPreservingSubstitutionFamily,
  implicationCoherenceFamily,
  intentSpecLayerFamily,
  noiseEscalationFamily,
  personaAmalgamationFamily,
  rpaModeSwitchFamily,
} from "./families/control-scaffold.js";
import { crossAppFamily } from "./families/cross-app.js";
import { epistemicFamily } from "./families/epistemic.js";
import { implicationDerivedFamily } from "./families/implication-derived.js";
import { myopicPlanningDerivedFamily } from "./families/myopic-planning-derived.js";
import { myopicPlanningTrapsFamily } from "./families/myopic-planning-traps.js";
import { novelContinuityDerivedFamily } from "./families/novel-continuity-derived.js";
import { novelContinuityLongHorizonFamily } from "./families/novel-continuity-long-horizon.js";
import { novelContinuityFamily } from "./families/novel-continuity.js";
import { personaSessionDriftFamily } from "./families/persona-session-drift.js";
import { ragPromptInjectionFamily } from "./families/rag-prompt-injection.js";
import { referentialIndexingDerivedFamily } from "./families/referential-indexing-derived.js";
import { referentialIndexingSuiteFamily } from "./families/referential-indexing-suite.js";
import { socialPressure1Family } from "./families/social-pressure-1.js";
import { socialPressureFamily } from "./families/social-pressure.js";
import type { TrapFamily } from "./types.js";

export const TRAP_FAMILIES: readonly TrapFamily[] = [
  epistemicFamily,
  compressionLossBoundedFamily,
  compressionRecoverabilityFamily,
  ragPromptInjectionFamily,
  authorityUnderInterferenceFamily,
  implicationCoherenceFamily,
  rpaModeSwitchFamily,
  intentSpecLayerFamily,
  noiseEscalationFamily,
  agencyPreservingSubstitutionFamily,
  personaAmalgamationFamily,
  authorityUnderInterferenceHardeningFamily,
  compressionRoundtripFamily,
  implicationDerivedFamily,
  socialPressureFamily,
  personaSessionDriftFamily,
  crossAppFamily,
  socialPressure1Family,
  novelContinuityFamily,
  novelContinuityLongHorizonFamily,
  myopicPlanningTrapsFamily,
  referentialIndexingSuiteFamily,
  // 1.0 variants (compat "1.0"): answers derived, not read from the ledger.
  myopicPlanningDerivedFamily,
  referentialIndexingDerivedFamily,
  novelContinuityDerivedFamily,
  compressionDerivedFamily,
  aggregationDerivedFamily,
];

/** Reference families not ported yet (ids as the reference names them). */
export const TRAP_FAMILIES_NOT_PORTED: readonly string[] = [];

export function trapFamily(id: string): TrapFamily | null {
  return TRAP_FAMILIES.find((f) => f.id === id) ?? null;
}
