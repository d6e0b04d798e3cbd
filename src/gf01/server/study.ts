/**
 * Study mode of `gf01 serve` (`--study <pack-dir>`, docs/gf01-release.md "A human study"): the
 * P0 seed pack is served as the bundle `study`, and `/api/web/study/…` holds what the play API
 * does not: the consent text, each participant's progress through the pack (in pack order),
 * their consent record and the feedback form. Files, beside the sessions in `<data>/study/`:
 *   - `feedback.csv`: the P0 template's columns, one row per participant (`backend_used`
 *     `web`, `seed_list_run` the pack's seeds) — what `gf01 p0-feedback-check` / `p0-gate` read;
 *   - `consent.json`: who agreed to which consent text (sha256), and on which day.
 * Both are rewritten whole and atomically (`writeFileAtomic`), one write at a time, and only
 * after the request is fully validated: a refused request writes nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { basename, join } from "node:path";
import { InputError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/jsonl.js";
import { type LoadedBundle, loadBundle } from "../artifacts/bundle.js";
import { crossOriginProblem, HttpError, readBody } from "../play/http.js";
import { parseWith } from "../../core/schema.js";
import { CsvError } from "../study/feedback.js";
import { studyConsentSchema } from "../study/schemas.js";
import {
  consentHash,
  DEFAULT_CONSENT_TEXT,
  FEEDBACK_HEADER,
  feedbackRow,
  LIKERT_QUESTIONS,
  MAX_BLOCKERS,
  MAX_CONSENT_CHARS,
  MAX_NOTES_CHARS,
  PARTICIPANT_ID,
  participantsInFeedback,
  validateFeedback,
} from "../study/web-feedback.js";

export const STUDY_KEY = "study";
export const STUDY_CONSENT_SCHEMA = "gf01.study_consent.v1";

export interface StudyOptions {
  /** A P0 seed pack directory (`gf01 p0-init` / `p0-seed-pack`): its `instance_bundle_v1.json`. */
  packDir: string;
  /** Consent text shown before the first game (default DEFAULT_CONSENT_TEXT). */
  consentText?: string;
}

interface ConsentRecord {
  participant_id: string;
  consent_sha256: string;
  /** UTC day of the agreement (a day, like the feedback CSV's `date`: no finer timestamp is kept). */
  consented_on: string;
}

export interface Study {
  bundle: LoadedBundle;
  name: string;
  /** Bind to the server: the study data folder and who finished which study instance. */
  start(dataDir: string, playedBy: (participant: string) => ReadonlySet<string>): Promise<void>;
  /** Answers `/api/web/study…` requests; `undefined` for other paths. */
  handle(
    req: IncomingMessage,
    path: string,
    o: { maxBodyBytes: number; forwarded: boolean },
  ): Promise<{ status: number; body: unknown }> | undefined;
}

/** Reads and checks the consent text file (UTF-8, non-empty, ≤ 16 KiB). */
export function readConsentText(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read the consent text: ${(e as NodeJS.ErrnoException).code}`, { file });
  }
  text = text.replace(/\r\n/g, "\n").trim();
  if (!text) throw new InputError("the consent text is empty", { file });
  if (text.length > MAX_CONSENT_CHARS)
    throw new InputError(`the consent text is over ${MAX_CONSENT_CHARS} characters`, { file });
  if (text.includes("\uFFFD")) throw new InputError("the consent text is not valid UTF-8", { file });
  return text;
}

export async function openStudy(o: StudyOptions): Promise<Study> {
  const file = join(o.packDir, "instance_bundle_v1.json");
  if (!existsSync(file))
    throw new InputError("no instance_bundle_v1.json in the study pack (make one with gf01 p0-init)", {
      file,
    });
  const bundle = await loadBundle(file);
  const seeds = bundle.instances.map((inst, i) => {
    if (typeof inst.seed !== "number")
      throw new InputError("a study pack instance needs its generator seed", {
        file,
        field: `instances[${i}].seed`,
      });
    return inst.seed;
  });
  if (!seeds.length) throw new InputError("the study pack has no instances", { file, field: "instances" });
  const consentText = o.consentText ?? DEFAULT_CONSENT_TEXT;
  const sha = consentHash(consentText);
  const config = {
    bundle: STUDY_KEY,
    pack: basename(o.packDir),
    freeze_id: (bundle.meta.freeze_id as string | undefined) ?? null,
    // Index and public id only: a generator seed (with the public generator) rebuilds the hidden
    // automaton and trace, so seeds stay on disk (feedback.csv), like the play API's run rows.
    games: bundle.instances.map((inst, index) => ({ index, instance_id: inst.instance_id })),
    consent_text: consentText,
    consent_sha256: sha,
    likert: LIKERT_QUESTIONS,
    max_blockers: MAX_BLOCKERS,
    max_notes_chars: MAX_NOTES_CHARS,
  };

  let dir = "";
  let playedBy: (p: string) => ReadonlySet<string> = () => new Set();
  const consents = new Map<string, ConsentRecord>();
  const feedbackFrom = new Set<string>();
  let feedbackText = FEEDBACK_HEADER;
  // One write at a time: each rewrites a whole file from the in-memory state.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const p = chain.then(f);
    chain = p.catch(() => undefined);
    return p;
  };

  const status = (pid: string) => {
    const played = playedBy(pid);
    const done = config.games.map((s) => played.has(s.instance_id));
    const next = done.indexOf(false);
    return {
      participant_id: pid,
      consented: consents.has(pid),
      played: config.games.filter((_, i) => done[i]).map((s) => s.instance_id),
      next_index: next < 0 ? null : next,
      complete: next < 0,
      feedback_submitted: feedbackFrom.has(pid),
    };
  };

  const route = async (
    req: IncomingMessage,
    path: string,
    o2: { maxBodyBytes: number; forwarded: boolean },
  ) => {
    const rest = path.slice("/api/web/study".length);
    if (rest === "" || rest === "/") {
      if (req.method !== "GET") throw new HttpError(405, "method_not_allowed", "GET only");
      return { status: 200, body: config };
    }
    const m = /^\/participants\/([^/]*)(?:\/(consent|feedback))?$/.exec(rest);
    if (!m) throw new HttpError(404, "not_found", `no route ${path}`);
    let pid = "";
    try {
      pid = decodeURIComponent(m[1]);
    } catch {}
    if (!PARTICIPANT_ID.test(pid))
      throw new HttpError(400, "bad_participant_id", "participant id must match [A-Za-z0-9_-]{1,32}");
    if (!m[2]) {
      if (req.method !== "GET") throw new HttpError(405, "method_not_allowed", "GET only");
      return { status: 200, body: status(pid) };
    }
    if (req.method !== "POST") throw new HttpError(405, "method_not_allowed", "POST only");
    const refused = crossOriginProblem(req, o2.forwarded);
    if (refused) throw refused;
    const body = await readBody(req, o2.maxBodyBytes);
    if (m[2] === "consent") {
      const b = body as Record<string, unknown> | undefined;
      if (
        !b ||
        typeof b !== "object" ||
        Array.isArray(b) ||
        Object.keys(b).some((k) => k !== "consent_sha256")
      )
        throw new HttpError(
          400,
          "bad_request",
          'the body must be {"consent_sha256": "<hash of the text shown>"}',
        );
      if (b.consent_sha256 !== sha)
        throw new HttpError(
          409,
          "consent_text_changed",
          "the consent text shown is not the current one; reload",
        );
      if (consents.has(pid)) return { status: 200, body: status(pid) };
      const rec: ConsentRecord = {
        participant_id: pid,
        consent_sha256: sha,
        consented_on: new Date().toISOString().slice(0, 10),
      };
      await serial(async () => {
        if (consents.has(pid)) return;
        const next = new Map(consents).set(pid, rec);
        await writeFileAtomic(join(dir, "consent.json"), consentJson(next));
        consents.set(pid, rec);
      });
      return { status: 201, body: status(pid) };
    }
    const v = validateFeedback(body);
    if (!v.ok) throw new HttpError(400, "bad_request", `${v.field}: ${v.message}`);
    if (!consents.has(pid))
      throw new HttpError(403, "no_consent", "this participant has not agreed to take part");
    const st = status(pid);
    if (!st.complete) {
      const missing = config.games
        .filter((s) => !st.played.includes(s.instance_id))
        .map((s) => s.instance_id);
      throw new HttpError(409, "study_incomplete", `games not played yet: ${missing.join(", ")}`);
    }
    return serial(async () => {
      if (feedbackFrom.has(pid))
        throw new HttpError(409, "feedback_exists", "feedback from this participant is already recorded");
      const text = feedbackText + feedbackRow(pid, new Date().toISOString().slice(0, 10), seeds, v.value);
      await writeFileAtomic(join(dir, "feedback.csv"), text);
      feedbackText = text;
      feedbackFrom.add(pid);
      return { status: 201, body: status(pid) };
    });
  };

  return {
    bundle,
    name: `study: ${config.freeze_id ?? config.pack}`,
    async start(dataDir, played) {
      dir = dataDir;
      playedBy = played;
      const fb = join(dir, "feedback.csv");
      if (existsSync(fb)) {
        const r = readStudyFeedback(fb);
        for (const p of r.participants) feedbackFrom.add(p);
        feedbackText = r.text;
      }
      const cf = join(dir, "consent.json");
      if (existsSync(cf)) for (const rec of readConsents(cf)) consents.set(rec.participant_id, rec);
    },
    handle(req, path, o2) {
      if (path !== "/api/web/study" && !path.startsWith("/api/web/study/")) return undefined;
      return route(req, path, o2).catch((e: unknown) => {
        if (e instanceof HttpError)
          return { status: e.status, body: { error: { code: e.code, message: e.message } } };
        throw e;
      });
    },
  };
}

function consentJson(m: ReadonlyMap<string, ConsentRecord>): string {
  return `${JSON.stringify({ schema_version: STUDY_CONSENT_SCHEMA, participants: [...m.values()] }, null, 2)}\n`;
}

const readText = (file: string): string => {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code}`, { file });
  }
};

/** A study `feedback.csv` back (a restart keeps who answered); errors name the file and line. */
export function readStudyFeedback(file: string): { participants: string[]; text: string } {
  const text = readText(file);
  let r: ReturnType<typeof participantsInFeedback>;
  try {
    r = participantsInFeedback(text);
  } catch (e) {
    if (e instanceof CsvError) throw new InputError(e.message, { file, line: e.line });
    throw e;
  }
  if (r.error) throw new InputError(r.error, { file, line: r.line });
  return { participants: r.participants, text: text.endsWith("\n") ? text : `${text}\n` };
}

/** `consent.json` back (a restart keeps who agreed); errors name the file and field. */
export function readConsents(file: string): ConsentRecord[] {
  const text = readText(file);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  // Schema gf01.study_consent.v1 (src/gf01/study/schemas.ts); errors name file and field.
  return parseWith(studyConsentSchema, v, { file }).participants;
}
