/**
 * Study mode of `gf01 serve` over HTTP (no browser): the consent and feedback endpoints
 * validate everything before writing anything (participant id grammar, consent hash, Likert
 * 1–5, blockers, notes, unknown fields, body limit, same origin), refuse feedback before
 * consent or before every pack seed is played, never overwrite a participant's feedback, and
 * write a `feedback.csv` the strict `p0-feedback-check` passes. A restart keeps the state; a
 * broken study file stops the server with the file named. The CSV row round-trips any notes.
 */
import fc from "fast-check";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gf01Server, startGf01Server } from "../../../src/gf01/server/serve.js";
import { parseCsv } from "../../../src/gf01/study/feedback.js";
import { p0FeedbackCheckFile, p0GateFile, p0Init } from "../../../src/gf01/study/files.js";
import {
  consentHash,
  DEFAULT_CONSENT_TEXT,
  defuseFormula,
  FEEDBACK_HEADER,
  feedbackRow,
  validateFeedback,
} from "../../../src/gf01/study/web-feedback.js";

type Body = Record<string, unknown>;
let dir: string;
const GOOD = {
  objective_clarity: 4,
  control_clarity: 5,
  action_effect_clarity: 3,
  visual_overload: 2,
  must_fix_blockers: 0,
  notes: "=SUM(A1) tricky",
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-webstudy-"));
  const init = await p0Init({ count: 2, outDir: join(dir, "pack"), templateOut: join(dir, "t.csv") });
  expect(init.ok).toBe(true);
}, 60_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const start = (data: string, extra: Body = {}) =>
  startGf01Server({
    bundles: [],
    study: { packDir: join(dir, "pack"), ...extra },
    dataDir: join(dir, data),
    webDir: false,
    limits: { maxBodyBytes: 4096 },
  });

async function req(
  srv: Gf01Server,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const r = await fetch(`${srv.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Body };
}

const code = (r: { body: Body }) => (r.body.error as Body | undefined)?.code;

describe("gf01 serve --study (HTTP)", () => {
  it("validates before writing, gates feedback on consent and play, writes a CSV the strict check passes", async () => {
    const srv = await start("d1");
    const data = join(dir, "d1", "study");
    let before = "";
    try {
      const cfg = (await req(srv, "GET", "/api/web/study")).body;
      expect(cfg).toMatchObject({ bundle: "study", consent_sha256: consentHash(DEFAULT_CONSENT_TEXT) });
      // The games in pack order, without their generator seeds (they rebuild the hidden machine).
      const seeds = cfg.games as { index: number; instance_id: string }[];
      expect(seeds.map((s) => Object.keys(s).sort())).toEqual([
        ["index", "instance_id"],
        ["index", "instance_id"],
      ]);
      expect(JSON.stringify(cfg)).not.toMatch(/"seed|700[01]/);
      const p = "/api/web/study/participants";

      // Participant id grammar, on reads and writes.
      for (const bad of ["a%20b", "x".repeat(33), "a.b", ""]) {
        expect(code(await req(srv, "GET", `${p}/${bad}`))).toMatch(/bad_participant_id|not_found/);
        const r = await req(srv, "POST", `${p}/${bad}/consent`, { consent_sha256: cfg.consent_sha256 });
        expect([400, 404]).toContain(r.status);
      }
      // Feedback before consent; consent with a stale hash or a bad body; cross-origin.
      expect(code(await req(srv, "POST", `${p}/p01/feedback`, GOOD))).toBe("no_consent");
      expect(code(await req(srv, "POST", `${p}/p01/consent`, { consent_sha256: "0".repeat(64) }))).toBe(
        "consent_text_changed",
      );
      expect(code(await req(srv, "POST", `${p}/p01/consent`, { yes: true }))).toBe("bad_request");
      expect(code(await req(srv, "POST", `${p}/p01/consent`, "{not json"))).toBe("bad_json");
      expect(
        code(
          await req(
            srv,
            "POST",
            `${p}/p01/consent`,
            { consent_sha256: cfg.consent_sha256 },
            {
              origin: "http://evil.example",
            },
          ),
        ),
      ).toBe("cross_origin");
      expect(existsSync(join(data, "consent.json"))).toBe(false);

      const ok = await req(srv, "POST", `${p}/p01/consent`, { consent_sha256: cfg.consent_sha256 });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ consented: true, next_index: 0, complete: false });
      const consent = JSON.parse(await readFile(join(data, "consent.json"), "utf8"));
      expect(consent.participants[0]).toMatchObject({
        participant_id: "p01",
        consent_sha256: cfg.consent_sha256,
      });

      // Not played yet → refused; bad forms → refused, each naming its field; nothing written.
      expect(code(await req(srv, "POST", `${p}/p01/feedback`, GOOD))).toBe("study_incomplete");
      for (const [field, v] of [
        ["objective_clarity", 0],
        ["control_clarity", 6],
        ["action_effect_clarity", 3.5],
        ["visual_overload", "4"],
        ["must_fix_blockers", -1],
        ["must_fix_blockers", 100],
        ["notes", 7],
        ["notes", "a\u0000b"],
        ["notes", "n".repeat(2001)],
        ["extra", 1],
      ] as const) {
        const r = await req(srv, "POST", `${p}/p01/feedback`, { ...GOOD, [field]: v });
        expect(r.status, `${field}=${String(v).slice(0, 9)}`).toBe(400);
        expect(String((r.body.error as Body).message)).toMatch(new RegExp(`^${field}: `));
      }
      const { objective_clarity: _, ...noObjective } = GOOD;
      expect(
        String(((await req(srv, "POST", `${p}/p01/feedback`, noObjective)).body.error as Body).message),
      ).toMatch(/^objective_clarity: /);
      expect((await req(srv, "POST", `${p}/p01/feedback`, { ...GOOD, notes: "n".repeat(5000) })).status).toBe(
        413,
      );

      // Play the pack (seed order) through the play API.
      for (const s of seeds) {
        const c = await req(srv, "POST", "/api/b/study/sessions", {
          instance_id: s.instance_id,
          protocol: "commit_only",
          agent_name: "human-web",
          player_id: "p01",
        });
        expect(c.status).toBe(201);
        await req(srv, "POST", `/api/b/study/sessions/${c.body.session_id}/commit`);
      }
      expect((await req(srv, "GET", `${p}/p01`)).body).toMatchObject({ complete: true, next_index: null });
      expect(existsSync(join(data, "feedback.csv"))).toBe(false);

      const done = await req(srv, "POST", `${p}/p01/feedback`, GOOD);
      expect(done.status).toBe(201);
      expect(done.body).toMatchObject({ feedback_submitted: true });
      before = await readFile(join(data, "feedback.csv"), "utf8");
      expect(code(await req(srv, "POST", `${p}/p01/feedback`, { ...GOOD, objective_clarity: 1 }))).toBe(
        "feedback_exists",
      );
      expect(await readFile(join(data, "feedback.csv"), "utf8")).toBe(before);
      const row = parseCsv(before).rows[0];
      expect(row).toMatchObject({
        tester_id: "p01",
        backend_used: "web",
        seed_list_run: "7000;7001",
        objective_clarity: "4",
        notes: "'=SUM(A1) tricky",
      });
    } finally {
      await srv.close();
    }
    // The strict checks read the server's files as they are.
    const fb = await p0FeedbackCheckFile({ feedback: join(data, "feedback.csv") });
    expect(fb.payload.failure_reasons).toEqual([]);
    const gate = await p0GateFile({
      feedback: join(data, "feedback.csv"),
      runsDir: join(dir, "none"),
      webData: join(dir, "d1"),
      pack: join(dir, "pack"),
    });
    expect(gate.ok).toBe(true);

    // A restart keeps consent and feedback; a broken file is refused with its name.
    const again = await start("d1");
    try {
      expect((await req(again, "GET", "/api/web/study/participants/p01")).body).toMatchObject({
        consented: true,
        complete: true,
        feedback_submitted: true,
      });
    } finally {
      await again.close();
    }
    await writeFile(join(data, "feedback.csv"), "tester,date\n");
    await expect(start("d1")).rejects.toThrow(/feedback\.csv:1: header must be/);
    await writeFile(join(data, "feedback.csv"), before);
    await writeFile(join(data, "consent.json"), '{"schema_version": "x"}');
    await expect(start("d1")).rejects.toThrow(/consent\.json.*schema_version/);
  }, 60_000);

  it("without --study there is no study route; a custom consent text is served with its hash", async () => {
    const plain = await startGf01Server({
      bundles: [{ key: "p", file: join(dir, "pack", "instance_bundle_v1.json") }],
      dataDir: join(dir, "d2"),
      webDir: false,
    });
    try {
      expect((await req(plain, "GET", "/api/web/study")).status).toBe(404);
    } finally {
      await plain.close();
    }
    const custom = await start("d3", { consentText: "Approved text v2." });
    try {
      expect((await req(custom, "GET", "/api/web/study")).body).toMatchObject({
        consent_text: "Approved text v2.",
        consent_sha256: consentHash("Approved text v2."),
      });
    } finally {
      await custom.close();
    }
  });

  it("a feedback row round-trips through the CSV reader for any valid notes", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (notes) => {
        const v = validateFeedback({ ...GOOD, notes });
        fc.pre(v.ok);
        if (!v.ok) return;
        const row = parseCsv(FEEDBACK_HEADER + feedbackRow("p1", "2026-01-01", [1, 2], v.value)).rows;
        expect(row).toHaveLength(1);
        expect(row[0].notes).toBe(defuseFormula(notes.trim()));
        expect(row[0].objective_clarity).toBe("4");
      }),
      { numRuns: 300 },
    );
  });
});
