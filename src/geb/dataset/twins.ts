/** Counterfactual twins: the reference twin (from rendered text) and the 1.0 twin (from the episode). */
import { PyRandom } from "../../core/random.js";
import { splitLines } from "./book.js";
import {
  altValue,
  answerFromState,
  type LedgerState,
  pad,
  parseLiveValue,
  type QuerySpec,
  replayLedger,
} from "./state.js";
import type { GebRow, GenerateConfig, LedgerEntry, StateMode } from "./types.js";
import { type Episode, questionAsk, questionText } from "./episode.js";
import { episodeRows } from "./rows.js";

/** The reference's log grammar for SET/CLEAR lines (book.ts, reference-0.1 dialect). */
const REF_LOG_SET = /^- \[(U[A-F0-9]{6})\] UPDATE step=(\d+) SET ([A-Za-z][A-Za-z0-9_.:-]*) = (.+)$/;
const REF_LOG_CLEAR = /^- \[(U[A-F0-9]{6})\] UPDATE step=(\d+) CLEAR ([A-Za-z][A-Za-z0-9_.:-]*)$/;

/** `parseUpdates(.., "reference-0.1")` of one line (after the log header); null if not an update. */
function parseLogLine(line: string): LedgerEntry | null {
  // Update lines start with "- [U"; every other line is skipped without a regex.
  if (line.charCodeAt(0) !== 45 || line.charCodeAt(2) !== 91 || line.charCodeAt(3) !== 85) return null;
  let m = REF_LOG_SET.exec(line);
  if (m) return { uid: m[1], step: Number(m[2]), op: "SET", key: m[3], value: m[4].trim() };
  m = REF_LOG_CLEAR.exec(line);
  if (m) return { uid: m[1], step: Number(m[2]), op: "CLEAR", key: m[3], value: null };
  return null;
}

/**
 * `text` with every line that starts with `prefix` and contains `marker` replaced by
 * `edit(line)`, then `trimEnd()` plus "\n": what the reference's `splitlines()` / per-line
 * edit / `"\n".join(...).rstrip() + "\n"` gives for our texts (which hold no "\r" and end in
 * "\n"), found with `indexOf` instead of splitting every line.
 */
function replaceLines(text: string, prefix: string, marker: string, edit: (line: string) => string): string {
  let out = "";
  let from = 0;
  for (let at = text.startsWith(prefix) ? 0 : text.indexOf(`\n${prefix}`); at >= 0; ) {
    const start = text.charCodeAt(at) === 10 ? at + 1 : at;
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (line.includes(marker)) {
      out += text.slice(from, start) + edit(line);
      from = end;
    }
    at = text.indexOf(`\n${prefix}`, end);
  }
  return `${(out + text.slice(from)).trimEnd()}\n`;
}

/**
 * The reference twin (`_make_counterfactual_twin`), reproduced from the rendered text: the last
 * SET of a random key is flipped in the log and the book ledger (not the narrative), Q001 is
 * re-aimed at the flipped key, and twin rows carry no schema_version.
 *
 * `logLines`: the base episode's log lines (`base[0].document` is their `renderDocument`), so
 * the updates are read from the lines the document was made of instead of splitting it; the
 * twin's document and book are the base's with the flipped lines replaced in place.
 * tests/geb/dataset/twin-reference.test.ts compares this with the line-by-line transcription
 * of the reference's code.
 */
export function referenceTwin(
  twinSeed: number,
  twinId: string,
  base: GebRow[],
  mode: StateMode,
  logLines: readonly string[] = splitLines(base[0]?.document ?? ""),
): GebRow[] {
  if (base.length === 0) return [];
  const rng = new PyRandom(twinSeed);
  const baseDoc = base[0].document;
  const baseBook = base[0].book;
  // parseUpdates: the SET/CLEAR lines after the first "## Episode Log" line, with their index.
  let logStart = 0;
  while (logStart < logLines.length && logLines[logStart].trim() !== "## Episode Log") logStart++;
  logStart++;
  const entries: LedgerEntry[] = [];
  const at: number[] = [];
  for (let i = logStart; i < logLines.length; i++) {
    const e = parseLogLine(logLines[i]);
    if (e) {
      entries.push(e);
      at.push(i);
    }
  }
  const lastSet = new Map<string, LedgerEntry>();
  for (const u of entries) if (u.op === "SET") lastSet.set(u.key, u);
  if (lastSet.size === 0) return [];
  const flipKey = rng.choice([...lastSet.keys()].sort());
  const flip = lastSet.get(flipKey)!;
  const newValue = altValue(mode, parseLiveValue(mode, flip.value, "reference-0.1"), rng, "reference-0.1");
  const setMarker = ` SET ${flipKey} = `;
  const logPrefix = `- [${flip.uid}] UPDATE `;
  const newLogLine = `- [${flip.uid}] UPDATE step=${flip.step} SET ${flipKey} = ${newValue}`;
  const twinDoc = replaceLines(baseDoc, logPrefix, setMarker, () => newLogLine);
  const twinBook = replaceLines(
    baseBook,
    `- [${flip.uid}] step=`,
    setMarker,
    (line) => `${line.slice(0, line.indexOf(setMarker))}${setMarker}${newValue}`,
  );
  // The twin's updates: the base's, with every flipped log line parsed again.
  const twinEntries: LedgerEntry[] = [];
  for (let i = logStart, j = 0; i < logLines.length; i++) {
    const line = logLines[i];
    const atEntry = j < at.length && at[j] === i;
    if (atEntry) j++;
    if (line.startsWith(logPrefix) && line.includes(setMarker)) {
      const e = parseLogLine(newLogLine);
      if (e) twinEntries.push(e);
    } else if (atEntry) twinEntries.push(entries[j - 1]);
  }
  const twinState = replayLedger(mode, twinEntries, 0);
  const twinGroup = base[0].episode_id;
  const out: GebRow[] = base.map((b) => {
    const qIndex = b.meta.q_index;
    const first = qIndex === 1;
    const spec: QuerySpec = first
      ? { key: flipKey, queryType: "direct", derivedOp: null, derivedManager: null }
      : {
          key: b.meta.key,
          queryType: b.meta.query_type,
          derivedOp: b.meta.derived_op,
          derivedManager: b.meta.derived_manager,
        };
    const ans = answerFromState(mode, twinState, spec);
    const qid = `${twinId}-Q${pad(qIndex, 3)}`;
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
        q_index: qIndex,
        twin_group: twinGroup,
        twin_variant: "twin",
        twin_flip_uid: flip.uid,
        twin_flip_key: flipKey,
      },
    };
  });
  for (const b of base)
    Object.assign(b.meta, {
      twin_group: twinGroup,
      twin_variant: "base",
      twin_flip_uid: flip.uid,
      twin_flip_key: flipKey,
    });
  return out;
}

/**
 * A copy of `e` with another value, written field by field: `{ ...e, value }` writes `value`
 * twice, which turns the field mutable on the map every ledger entry shares and deoptimises
 * all the code optimised for it so far (renderBook, the graders' log parsers, row stats) in
 * every sweep and generate run.
 */
function withEntryValue(e: LedgerEntry, value: string): LedgerEntry {
  return { uid: e.uid, step: e.step, op: e.op, key: e.key, value };
}

/**
 * The 1.0 twin: the same questions as the base (same keys, same q_index), with the final
 * authoritative SET of one queried key flipped in the log, the book ledger *and* the chapter
 * narrative. The new value is chosen so every base question on that key changes its answer.
 */
export function twinV1(
  twinSeed: number,
  twinId: string,
  ep: Episode,
  base: GebRow[],
  final: LedgerState,
  cfg: GenerateConfig,
): GebRow[] {
  if (base.length === 0) return [];
  const mode = cfg.stateMode;
  const rng = new PyRandom(twinSeed);
  const finalSet = (k: string): boolean =>
    final.lastOp.get(k) === "SET" && ep.setSites.has(final.lastSupport.get(k)!);
  const asked = new Set(ep.queries.filter((q) => q.derivedOp !== "reports").map((q) => q.key));
  let cands = [...asked].filter(finalSet).sort();
  if (cands.length === 0) cands = ep.keys.filter(finalSet).sort();
  if (cands.length === 0) return [];
  const flipKey = rng.choice(cands);
  const flipUid = final.lastSupport.get(flipKey)!;
  const site = ep.setSites.get(flipUid)!;
  const old = ep.ledger[site.ledger];
  const onKey = ep.queries.filter((q) => q.key === flipKey && q.derivedOp !== "reports");
  let newValue = "";
  let twinState: LedgerState | null = null;
  for (let tries = 0; tries < 64; tries++) {
    newValue = altValue(mode, parseLiveValue(mode, old.value, "1.0"), rng, "1.0");
    if (!newValue || newValue === old.value) continue;
    const ledger = ep.ledger.slice();
    ledger[site.ledger] = withEntryValue(old, newValue);
    const st = replayLedger(mode, ledger);
    if (onKey.every((q) => answerFromState(mode, st, q).value !== answerFromState(mode, final, q).value)) {
      twinState = st;
      break;
    }
  }
  if (!twinState) return [];
  const logLines = ep.logLines.slice();
  logLines[site.log] = `- [${flipUid}] UPDATE step=${old.step} SET ${flipKey} = ${newValue}`;
  const chapters = ep.chapters.map((c) => c);
  chapters[site.chapter] = chapters[site.chapter].slice();
  chapters[site.chapter][site.line] = site.narrative(flipKey, newValue);
  const ledger = ep.ledger.slice();
  ledger[site.ledger] = withEntryValue(old, newValue);
  // Field by field, as withEntryValue (a spread then an override makes the fields mutable).
  const twinEp: Episode = {
    episodeId: twinId,
    title: ep.title,
    seed: ep.seed,
    keys: ep.keys,
    logLines,
    chapters,
    ledger,
    setSites: ep.setSites,
    queries: ep.queries,
  };
  const rows = episodeRows(twinEp, twinState, cfg);
  const group = ep.episodeId;
  // Both sides of the pair name the group, their side and the flipped update.
  const pairMeta = (variant: "twin" | "base") => ({
    twin_group: group,
    twin_variant: variant,
    twin_flip_uid: flipUid,
    twin_flip_key: flipKey,
  });
  for (const r of rows) Object.assign(r.meta, pairMeta("twin"));
  for (const b of base) Object.assign(b.meta, pairMeta("base"));
  return rows;
}
