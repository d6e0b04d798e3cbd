/** The queue URL flag and deterministic job ids (no Redis needed). */
import { describe, expect, it } from "vitest";
import { FlagError } from "../../src/core/cli.js";
import { jobIdFor } from "../../src/core/queue/ids.js";
import { parseStoredSettings, sameSettings } from "../../src/core/queue/settings.js";
import { parseQueueUrl } from "../../src/core/queue/url.js";
import { InputError } from "../../src/core/errors.js";

describe("--queue URL", () => {
  it("parses host, port, db and credentials; shows and serialises it without credentials", () => {
    const u = parseQueueUrl("redis://me:s%40cret@10.0.0.5:6380/3");
    expect(u).toMatchObject({ host: "10.0.0.5", port: 6380, db: 3, username: "me", password: "s@cret" });
    expect(u.shown).toBe("redis://10.0.0.5:6380/3");
    expect(JSON.stringify({ queue: u })).toBe('{"queue":"redis://10.0.0.5:6380/3"}');
    expect(parseQueueUrl("redis://localhost")).toMatchObject({ host: "localhost", port: 6379, db: 0 });
    expect(parseQueueUrl("redis://[::1]:7000/1")).toMatchObject({ host: "::1", port: 7000, db: 1 });
    expect(parseQueueUrl("redis://[::1]:7000/1").shown).toBe("redis://[::1]:7000/1");
  });

  it("rejects anything else with a one-line FlagError naming --queue", () => {
    for (const bad of [
      "",
      "localhost:6379",
      "http://h/0",
      "rediss://h/0",
      "redis://h/x",
      "redis://h/0?a=1",
      "redis://h:0/0",
      "redis://h/1/2",
      "redis://h/0#f",
      "redis://",
    ]) {
      let err: unknown;
      try {
        parseQueueUrl(bad);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(FlagError);
      expect((err as Error).message, bad).toMatch(/^--queue /);
      expect((err as Error).message).not.toContain("\n");
    }
  });
});

describe("job ids", () => {
  const env = {
    kind: "gf01.evaluate",
    version: "1.0.0",
    data: { instance: { id: "a", x: [1, 2] }, params: { seed: 0 } },
  };
  it("are a content hash: key order does not matter, any change of kind, version or payload does", () => {
    const id = jobIdFor(env);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(
      jobIdFor({
        version: "1.0.0",
        data: { params: { seed: 0 }, instance: { x: [1, 2], id: "a" } },
        kind: "gf01.evaluate",
      }),
    ).toBe(id);
    expect(jobIdFor({ ...env, kind: "engine.complete" })).not.toBe(id);
    expect(jobIdFor({ ...env, version: "1.0.1" })).not.toBe(id);
    expect(jobIdFor({ ...env, data: { ...env.data, params: { seed: 1 } } })).not.toBe(id);
    expect(jobIdFor({ ...env, data: { ...env.data, instance: { id: "a", x: [2, 1] } } })).not.toBe(id);
  });
});

describe("stored worker settings", () => {
  it("are validated (file = the Redis key, field named) and compared exactly", () => {
    const s = parseStoredSettings('{"lockMs":1000,"stalledMs":500,"maxStalled":2}', "k");
    expect(sameSettings(s, { lockMs: 1000, stalledMs: 500, maxStalled: 2 })).toBe(true);
    expect(sameSettings(s, { lockMs: 1000, stalledMs: 500, maxStalled: 3 })).toBe(false);
    expect(() => parseStoredSettings("{", "k")).toThrow(InputError);
    expect(() => parseStoredSettings('{"lockMs":"x","stalledMs":1,"maxStalled":1}', "k")).toThrow(/lockMs/);
  });
});

describe("sink values read back by gf01 evaluate --queue", () => {
  it("must be the row of the very instance, else one line naming the job (never a stack trace)", async () => {
    const { checkedRow } = await import("../../src/gf01/queue/evaluate.js");
    const line = '{"instance_id":"i1","valid":true}';
    expect(checkedRow("j", { line }, "i1")).toEqual({ line, row: { instance_id: "i1", valid: true } });
    for (const [v, why] of [
      [null, /has no line/],
      [{ line: 3 }, /has no line/],
      [{ line: "{" }, /not a JSON row/],
      [{ line: "[1]" }, /not a JSON object row/],
      [{ line: '{"instance_id":"i2"}' }, /instance "i2", not "i1"/],
    ] as const)
      expect(() => checkedRow("j", v, "i1")).toThrow(why);
  });
});
