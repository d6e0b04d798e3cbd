/**
 * The trap families ported so far. Families not listed here are not implemented yet
 * (docs/geb/traps.md lists them); `geb trap list` prints both.
 */
import {
  authorityUnderInterferenceFamily,
  authorityUnderInterferenceHardeningFamily,
} from "./families/authority-under-interference.js";
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
import { personaSessionDriftFamily } from "./families/persona-session-drift.js";
import { ragPromptInjectionFamily } from "./families/rag-prompt-injection.js";
import { socialPressureFamily } from "./families/social-pressure.js";
import { socialPressure1Family } from "./families/social-pressure-1.js";
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
];

/** Reference families not ported yet (ids as the reference names them). */
export const TRAP_FAMILIES_NOT_PORTED: readonly string[] = [
  "novel_continuity",
  "novel_continuity_long_horizon",
  "myopic_planning_traps",
  "referential_indexing_suite",
];

export function trapFamily(id: string): TrapFamily | null {
  return TRAP_FAMILIES.find((f) => f.id === id) ?? null;
}
