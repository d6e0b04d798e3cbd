/** Domain pack: byte-identical to the reference builder's output and to its shipped exception file. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDomainRows, domainJsonl, referenceDomainPack } from "../../../src/geb/rag/domain.js";
import { materializeDataset } from "../../../src/geb/rag/run.js";
import { loadDomainEntries, loadRagPreset, presetPath } from "../../../src/geb/rag/preset.js";
import { repoRoot, tmp } from "../helpers.js";

const FX = join(repoRoot, "tests/fixtures/geb/rag");
const fx = (f: string) => readFileSync(join(FX, f), "utf8");

describe("rag domain pack", () => {
  it("reference entries give the reference builder's two files byte for byte", () => {
    const p = referenceDomainPack();
    expect(p.stale).toBe(fx("rag_domain_stale.jsonl"));
    expect(p.authority).toBe(fx("rag_domain_authority.jsonl"));
  });

  it("the exception recipe reproduces the reference's shipped file byte for byte", () => {
    const { entries, uidFormat } = loadDomainEntries(join(repoRoot, "configs/rag_domain_exception.json"));
    expect(uidFormat).toBe("decimal");
    expect(domainJsonl(buildDomainRows(entries, uidFormat))).toBe(fx("rag_domain_exception.jsonl"));
    // The reference builder's numbering would differ from U000010 on (hex U00000A).
    expect(domainJsonl(buildDomainRows(entries, "hex"))).toContain("[U00000A]");
  });

  it("the strict preset regenerates all 9 datasets deterministically, domain files byte-identical", () => {
    const file = presetPath("strict");
    const preset = loadRagPreset(file);
    expect(preset.datasets.map((d) => d.id)).toEqual([
      "domain_stale",
      "domain_authority",
      "domain_exception",
      "authority_camo",
      "kv_commentary",
      "kv_commentary_large",
      "kv_train",
      "goldevidencebench",
      "goldevidencebench_small",
    ]);
    const a = tmp();
    const b = tmp();
    for (const d of preset.datasets) {
      if (d.id === "kv_commentary_large" || d.id === "goldevidencebench") continue; // large; same code path
      materializeDataset(d, file, join(a, `${d.id}.jsonl`));
      materializeDataset(d, file, join(b, `${d.id}.jsonl`));
      const text = readFileSync(join(a, `${d.id}.jsonl`), "utf8");
      expect(text.length).toBeGreaterThan(0);
      expect(readFileSync(join(b, `${d.id}.jsonl`), "utf8")).toBe(text);
    }
    for (const [id, f] of [
      ["domain_stale", "rag_domain_stale.jsonl"],
      ["domain_authority", "rag_domain_authority.jsonl"],
      ["domain_exception", "rag_domain_exception.jsonl"],
    ])
      expect(readFileSync(join(a, `${id}.jsonl`), "utf8")).toBe(fx(f));
  });

  it("an exception entry without its base rule is an input error naming the field", () => {
    const d = tmp();
    const f = join(d, "e.json");
    writeFileSync(
      f,
      JSON.stringify({
        schema: "oraclebench.geb.rag-domain-entries/1",
        entries: [
          {
            id: "X",
            episode: "X",
            key: "k",
            label: "l",
            policy: "p",
            current: "c",
            old: null,
            decoy: "d",
            bucket: "exception",
          },
        ],
      }),
    );
    expect(() => loadDomainEntries(f)).toThrow(/field entries\[0\]\.base_key/);
  });
});
