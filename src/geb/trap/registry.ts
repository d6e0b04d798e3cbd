/**
 * The trap families ported so far. Families not listed here are not implemented yet
 * (docs/geb/traps.md lists them); `geb trap list` prints both.
 */
import { authorityUnderInterferenceFamily } from "./families/authority-under-interference.js";
import { compressionLossBoundedFamily } from "./families/compression-loss-bounded.js";
import { compressionRecoverabilityFamily } from "./families/compression-recoverability.js";
import { crossAppFamily } from "./families/cross-app.js";
import { epistemicFamily } from "./families/epistemic.js";
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
  socialPressureFamily,
  personaSessionDriftFamily,
  crossAppFamily,
  socialPressure1Family,
];

/** Reference families not ported yet (ids as the reference names them). */
export const TRAP_FAMILIES_NOT_PORTED: readonly string[] = [
  "implication_coherence",
  "compression_roundtrip_generalization",
  "novel_continuity",
  "novel_continuity_long_horizon",
  "authority_under_interference_hardening",
  "myopic_planning_traps",
  "referential_indexing_suite",
  "rpa_mode_switch",
  "intent_spec_layer",
  "noise_escalation",
  "agency_preserving_substitution",
  "persona_amalgamation",
];

export function trapFamily(id: string): TrapFamily | null {
  return TRAP_FAMILIES.find((f) => f.id === id) ?? null;
}
