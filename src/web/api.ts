/**
 * Browser side of the HTTP contract: `gf01 serve` mounts the play session API
 * (docs/gf01-play.md) once per bundle under `/api/b/<bundle>/`, plus `/api/web/catalog` and
 * `/api/web/results/<session>` (docs/web.md). Every body the browser receives is public: the
 * goal panel, canonical observations and, at the end, the scored summary.
 */
import type { PublicResultRecord as StoredResult } from "../gf01/server/serve.js";
import type { Draft, GoalPanel, Observation, PublicResult } from "./model.js";

export interface CatalogInstance {
  index: number;
  instance_id: string;
  mode: "normal" | "hard";
  T: number;
  t_star: number;
  window_size: number;
  budget_timestep: number;
  budget_atoms: number | null;
  input_count: number;
  output_count: number;
  split_id: string | null;
}

export interface CatalogBundle {
  key: string;
  name: string;
  split_id: string | null;
  benchmark_version: string | null;
  instances: CatalogInstance[];
}

export interface Catalog {
  bundles: CatalogBundle[];
  protocols: string[];
  explore_episodes: number;
}

export interface SessionView {
  session_id: string;
  instance_id: string;
  protocol: string;
  phase: "explore" | "commit";
  finished: boolean;
  observation: Observation;
  result: PublicResult | null;
  goal?: GoalPanel;
  accepted?: boolean;
  error?: { code: string; message: string; field?: string } | null;
}

/** Body of `/api/web/results/<session>`: the record `gf01 serve` keeps, declared once there. */
export type { StoredResult };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, url: string, body?: unknown, okStatuses: number[] = []): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok && !okStatuses.includes(res.status)) {
    const err = (data.error ?? {}) as { code?: string; message?: string };
    throw new ApiError(res.status, err.code ?? "http_error", err.message ?? `HTTP ${res.status}`);
  }
  return data as T;
}

const enc = encodeURIComponent;
const base = (bundle: string) => `api/b/${enc(bundle)}`;

export const api = {
  catalog: () => call<Catalog>("GET", "api/web/catalog"),
  create: (
    bundle: string,
    body: { instance_id: string; protocol: string; agent_name: string; player_id: string },
  ) => call<SessionView>("POST", `${base(bundle)}/sessions`, { ...body, renderer_track: "visual" }),
  get: (bundle: string, sid: string) => call<SessionView>("GET", `${base(bundle)}/sessions/${enc(sid)}`),
  /** 422 (rejected move) is an answer, not an error: the view carries `error` and the same point. */
  act: (bundle: string, sid: string, draft: Draft) =>
    call<SessionView>("POST", `${base(bundle)}/sessions/${enc(sid)}/actions`, draft, [422]),
  commit: (bundle: string, sid: string) =>
    call<SessionView>("POST", `${base(bundle)}/sessions/${enc(sid)}/commit`, undefined, [422]),
  result: (sid: string) => call<StoredResult>("GET", `api/web/results/${enc(sid)}`),
};

/** Study mode (`gf01 serve --study`, docs/gf01-release.md "A human study"). */
export interface StudyConfig {
  bundle: string;
  pack: string;
  freeze_id: string | null;
  /** The pack's games in order (no generator seed: it would rebuild the hidden machine). */
  games: { index: number; instance_id: string }[];
  consent_text: string;
  consent_sha256: string;
  likert: { field: string; question: string; low: string; high: string }[];
  max_blockers: number;
  max_notes_chars: number;
}

export interface StudyStatus {
  participant_id: string;
  consented: boolean;
  played: string[];
  next_index: number | null;
  complete: boolean;
  feedback_submitted: boolean;
}

const participant = (pid: string) => `api/web/study/participants/${enc(pid)}`;

export const studyApi = {
  config: () => call<StudyConfig>("GET", "api/web/study"),
  status: (pid: string) => call<StudyStatus>("GET", participant(pid)),
  consent: (pid: string, sha: string) =>
    call<StudyStatus>("POST", `${participant(pid)}/consent`, { consent_sha256: sha }),
  feedback: (pid: string, form: Record<string, number | string>) =>
    call<StudyStatus>("POST", `${participant(pid)}/feedback`, form),
};
