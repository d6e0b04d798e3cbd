/**
 * The reference-0.1 twin is made from the base episode's log lines and in-place edits of its
 * document and book (dataset/twins.ts). Oracle: `textTwin` below, a line-by-line transcription
 * of the reference's `_make_counterfactual_twin` (split every line of the rendered document and
 * book, edit, join, parse the whole twin document again), which is what the generator did
 * before. Both must give the same twin rows and the same base-row metadata on every state mode
 * × distractor profile, including short episodes where few keys are ever set.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../../src/core/random.js";
import { parseUpdates, splitLines } from "../../../src/geb/dataset/book.js";
import { generateMainEpisode, generateTabEpisode } from "../../../src/geb/dataset/profiles.js";
import { episodeRows } from "../../../src/geb/dataset/rows.js";
import {
  altValue,
  answerFromState,
  pad,
  parseLiveValue,
  type QuerySpec,
  replayLedger,
} from "../../../src/geb/dataset/state.js";
import { questionAsk, questionText } from "../../../src/geb/dataset/episode.js";
import { referenceTwin } from "../../../src/geb/dataset/twins.js";
import {
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  type GebRow,
  type GenerateConfig,
  type LedgerEntry,
  STATE_MODES,
  type StateMode,
} from "../../../src/geb/dataset/types.js";

function textTwin(twinSeed: number, twinId: string, base: GebRow[], mode: StateMode): GebRow[] {
  if (base.length === 0) return [];
  const rng = new PyRandom(twinSeed);
  const lastSet = new Map<string, LedgerEntry>();
  for (const u of parseUpdates(base[0].document, "reference-0.1")) if (u.op === "SET") lastSet.set(u.key, u);
  if (lastSet.size === 0) return [];
  const flipKey = rng.choice([...lastSet.keys()].sort());
  const flip = lastSet.get(flipKey)!;
  const newValue = altValue(mode, parseLiveValue(mode, flip.value, "reference-0.1"), rng, "reference-0.1");
  const marker = ` SET ${flipKey} = `;
  const doc = splitLines(base[0].document).map((line) =>
    line.startsWith(`- [${flip.uid}] UPDATE `) && line.includes(marker)
      ? `- [${flip.uid}] UPDATE step=${flip.step} SET ${flipKey} = ${newValue}`
      : line,
  );
  const twinDoc = `${doc.join("\n").trimEnd()}\n`;
  const book = splitLines(base[0].book).map((line) =>
    line.startsWith(`- [${flip.uid}] step=`) && line.includes(marker)
      ? `${line.slice(0, line.indexOf(marker))}${marker}${newValue}`
      : line,
  );
  const twinBook = `${book.join("\n").trimEnd()}\n`;
  const state = replayLedger(mode, parseUpdates(twinDoc, "reference-0.1"), 0);
  const twinMeta = { twin_flip_uid: flip.uid, twin_flip_key: flipKey };
  const out = base.map((b): GebRow => {
    const spec: QuerySpec =
      b.meta.q_index === 1
        ? { key: flipKey, queryType: "direct", derivedOp: null, derivedManager: null }
        : {
            key: b.meta.key,
            queryType: b.meta.query_type,
            derivedOp: b.meta.derived_op,
            derivedManager: b.meta.derived_manager,
          };
    const ans = answerFromState(mode, state, spec);
    const qid = `${twinId}-Q${pad(b.meta.q_index, 3)}`;
    return {
      id: qid,
      episode_id: twinId,
      document: twinDoc,
      book: twinBook,
      question: questionText(qid, questionAsk(spec, mode), b.meta.requires_citation),
      gold: {
        value: ans.value,
        support_id: ans.supportIds.length === 1 ? ans.supportIds[0] : null,
        support_ids: ans.supportIds,
      },
      meta: {
        ...b.meta,
        key: spec.key,
        q_index: b.meta.q_index,
        twin_group: base[0].episode_id,
        twin_variant: "twin",
        ...twinMeta,
      },
    };
  });
  for (const b of base)
    Object.assign(b.meta, { twin_group: base[0].episode_id, twin_variant: "base", ...twinMeta });
  return out;
}

function baseOf(seed: number, cfg: GenerateConfig) {
  const tab = cfg.distractorProfile === "stale_tab_state" || cfg.distractorProfile === "focus_drift";
  const { ep, state } = tab
    ? generateTabEpisode(seed, "E0001", cfg)
    : generateMainEpisode(seed, "E0001", cfg);
  return { ep, rows: episodeRows(ep, state, cfg) };
}

describe("reference twin from log lines = the reference's text transcription", () => {
  for (const mode of STATE_MODES) {
    it(`${mode}: every profile, short and long episodes`, () => {
      let twins = 0;
      for (const profile of DISTRACTOR_PROFILES) {
        for (const [steps, keys] of [
          [3, 4],
          [40, 6],
          [60, 14],
        ] as const) {
          const cfg: GenerateConfig = {
            ...DEFAULT_GENERATE_CONFIG,
            compat: "reference-0.1",
            stateMode: mode,
            distractorProfile: profile,
            steps,
            keys,
            queries: 6,
          };
          for (let seed = 0; seed < 2; seed++) {
            const a = baseOf(seed, cfg);
            const b = baseOf(seed, cfg);
            const fast = referenceTwin(seed + 10_000, "E0001T", a.rows, mode, a.ep.logLines);
            const slow = textTwin(seed + 10_000, "E0001T", b.rows, mode);
            // Compared as JSON (key order included): toEqual's deep walk is slow on long texts.
            expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
            expect(JSON.stringify(a.rows)).toBe(JSON.stringify(b.rows));
            if (slow.length > 0) twins++;
          }
        }
      }
      expect(twins).toBeGreaterThan(0);
    });
  }
});
