/**
 * Golden pin of the six 1.0 "derived" trap families (aggregation, compression, implication,
 * myopic planning, novel continuity, referential indexing). They have no reference corpus,
 * so this is the proof that a refactor leaves them byte-identical: the sha256 of
 *
 * - the generated fixture files (as `geb trap generate` writes them) for the default seed
 *   and sizes, and for another seed with other sizes;
 * - the family's declaration (every field that is not a function);
 * - the baseline report (lookup, fold and — where present — rule, on every split, against
 *   each stage's floors), and the oracle's scores on every split;
 * - the scores of a mixed prediction set that walks the scorers' edge cases (missing rows,
 *   raw text, null values, partial / extra / reordered citations, stale and decoy answers,
 *   answers as JSON strings, padded and upper-cased values).
 *
 * The expectation was computed on the code before the derived families were refactored
 * onto the shared kit. `GOLDEN_PRINT=<file> npx vitest run tests/geb/trap/derived-golden.test.ts`
 * appends the current digests to <file> (to re-pin deliberately, never to make a refactor pass).
 */
import { createHash } from "node:crypto";
import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { baselineReport } from "../../../src/geb/trap/framework.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { requireFamily } from "../../../src/geb/trap/run.js";
import {
  TRAP_SPLITS,
  TRAP_STAGES,
  type TrapFamily,
  type TrapGenerateOptions,
  type TrapPrediction,
  type TrapRow,
} from "../../../src/geb/trap/types.js";

const FAMILIES = [
  "aggregation_derived",
  "compression_derived",
  "implication_coherence_derived",
  "myopic_planning_derived",
  "novel_continuity_derived",
  "referential_indexing_derived",
];

const sha = (text: string): string => createHash("sha256").update(text).digest("hex");
const json = (v: unknown): string => JSON.stringify(v);

/** A stale or decoy answer the row's meta records (the trap a model would fall into), if any. */
function trapAnswer(row: TrapRow): unknown {
  const m = row.meta;
  if (Array.isArray(m.stale_answers) && m.stale_answers.length) return m.stale_answers[0];
  if (typeof m.decoy_contract === "string") return ` ${m.decoy_contract.toUpperCase()} `;
  if (Array.isArray(m.greedy_plan)) return m.greedy_plan.join(" > ");
  if (Array.isArray(m.stale_values)) return m.stale_values.slice(0, 3).join("|");
  return "stale";
}

const shout = (v: unknown): unknown => (typeof v === "string" ? `  ${v.toUpperCase()} ` : v);

/** One prediction per kind of answer a scorer must tell apart (row i gets kind i mod 11). */
function mixedPrediction(family: TrapFamily, row: TrapRow, i: number): TrapPrediction | null {
  const gold = row.gold;
  const ids = Array.isArray(gold.support_ids) ? gold.support_ids.map(String) : [];
  const oracle = family.oraclePrediction ?? family.foldPrediction;
  switch (i % 11) {
    case 0:
      return oracle(row);
    case 1:
      return family.foldPrediction(row);
    case 2:
      return lookupPrediction(row);
    case 3:
      return null; // no prediction for this row
    case 4:
      return family.predictionFromText(row, "I think the answer is 42.");
    case 5:
      return family.predictionFromText(
        row,
        `Sure: ${JSON.stringify({ value: shout(gold.value), support_ids: [...ids].reverse().concat(["UFFFFFF"]) })} done`,
      );
    case 6:
      return { id: row.id, value: gold.value, support_ids: ids.slice(0, Math.ceil(ids.length / 2)) };
    case 7:
      return { id: row.id, value: trapAnswer(row), support_ids: ids.map((x) => x.toLowerCase()) };
    case 8:
      return { id: row.id, value: null, support_ids: null };
    case 9:
      return { id: row.id, value: JSON.stringify(gold.value), support_ids: ids[0] ?? null };
    default:
      return { id: row.id, support_ids: ids };
  }
}

function digests(family: TrapFamily): Record<string, string> {
  const out: Record<string, string> = {};
  // Top-level key order is not behaviour (every reader takes fields by name); nested order is kept.
  const fields = Object.entries(family)
    .filter(([, v]) => typeof v !== "function")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  out.declaration = sha(json(Object.fromEntries(fields)));
  const runs: [string, TrapGenerateOptions][] = [
    ["default", family.defaults],
    ["seed4242", { seed: 4242, anchors: 7, holdout: 13, canary: 4 }],
  ];
  for (const [name, opts] of runs) {
    const fx = family.generate(opts);
    out[`${name}.fixtures`] = sha(TRAP_SPLITS.map((s) => serializeTrapRows(fx[s])).join("\u0000"));
    out[`${name}.baselines`] = sha(json(TRAP_STAGES.map((stage) => baselineReport(family, fx, stage))));
    if (family.oraclePrediction) {
      const oracle = family.oraclePrediction;
      out[`${name}.oracle`] = sha(json(TRAP_SPLITS.map((s) => family.score(fx[s], fx[s].map(oracle)))));
    }
    out[`${name}.mixed`] = sha(
      json(
        TRAP_SPLITS.map((s) =>
          family.score(
            fx[s],
            fx[s].map((r, i) => mixedPrediction(family, r, i)).filter((p): p is TrapPrediction => p !== null),
          ),
        ),
      ),
    );
  }
  return out;
}

const EXPECTED: Record<string, Record<string, string>> = {
  aggregation_derived: {
    declaration: "461f6eab8295a8250f0f7ca14489e8a465d8c1cdfb16a39e838243062453aa4b",
    "default.baselines": "20bb8d407d44fdfe42451f89b243e0d16fb12e1e63705775b734f836f7955c75",
    "default.fixtures": "1e245ae34beeda4e57249b4919891bf849dcbca4cf2bb8f25466cfa34a48a61a",
    "default.mixed": "c018a5c24224ebb3bbd851c9ce5d0998761d4f6827c74e5c952fb4b901960b27",
    "default.oracle": "c1eb9d42faaf30497b7890358c104714d2096d391b127946553d84e165e99bfd",
    "seed4242.baselines": "0a643c1e3fc7c1c8209c701783aa3bb4158345ee316e998ade4d1fb110703eca",
    "seed4242.fixtures": "b335b1d6ea263ebbae36ec1e004842339cace0675f130b6b3955339539dffcbc",
    "seed4242.mixed": "fd24efba666c7741b60435f9397cdd62a57048d5ae36b11453678d5a20989754",
    "seed4242.oracle": "11ef6f09e3df1b6ea65e9e2551c57d7f28ded3678e447ffc7d0d755f2711d1cf",
  },
  compression_derived: {
    declaration: "703beda1c94f62c7a81bac7daf2202dca8c1c80ddb7e8168dca8fce5101c1019",
    "default.baselines": "db5f4ca5253a89189cc48c60f38e7c37eab4594ffd3a85d9565c48976892a552",
    "default.fixtures": "387bc782cf5a2c6f6b27d5a5ead0e92b5d3b0bafa0f7ed2827c575ca4d63e09b",
    "default.mixed": "167d55d7395b44451ee03724861c842b287c481ddf128c8183526f4903f0627c",
    "default.oracle": "dc33edcecfd0b4d2941012066a550d88b7a4fdcc967548f7d78888a7d5c954f7",
    "seed4242.baselines": "bb19d8a121289f4a811fccf2a2a2f2b2879e52d9a2f8c49663f9b925620c06ef",
    "seed4242.fixtures": "48bee232db6616a1e2969ee84a5ccdabe907323f1aa95d7cf0e2fcd3bc6d1122",
    "seed4242.mixed": "3b4228b4b960688bfc2697c2f4f8f102865ba308a812d8a8193d3e81c56bfd1c",
    "seed4242.oracle": "cbb768cfcc8de997b4d5aa71708374571f7be307e711e03d84a1267572d6f4da",
  },
  implication_coherence_derived: {
    declaration: "9437de8c7419c711bb9c0b01abae0da1bc410cce3de9e7c55268bfae2a0241a6",
    "default.baselines": "e011929ceff0bf3da808e17eed759a31f2170b34bf4bf9190f3ea98b74e7ddd9",
    "default.fixtures": "fd1a1e6c976874e1e2607799e54c2a0c6f635423fed5119249f3fd1d67223e9d",
    "default.mixed": "a149133bbaa614da7212549488d79f337705bb339e0b3a976cefabf6cb084795",
    "default.oracle": "e47a68a45178ca8a1a99f69b4e9b61fb4ebc4660f8899ca126585f467bd78b01",
    "seed4242.baselines": "d9a2ca04af90c7c2f8b86229bb317be3a1c504245147305a92052a9f618ffd30",
    "seed4242.fixtures": "d3742e7f469d35159a4892a97fce9bac20ccc29889ac11f41652a6a3f14cfdb0",
    "seed4242.mixed": "4167c95cd230cb0c721c3550f85d97a62556e26fb40c730cee997a32d6ffef27",
    "seed4242.oracle": "3f93c0af3cc1f095807ab9ba6fd29e109c558b449f9be80df3a50bd68c64c1cf",
  },
  myopic_planning_derived: {
    declaration: "d7a451322567d67c3620403d5ccb3d4d01ca9e77213265f1a2d4f31ef33f300e",
    "default.baselines": "74ef41dfe627a339b70b93e5d170174f61cd01173e2641184f846e7ca42b591e",
    "default.fixtures": "fb974b609c4a349e975bc9cfa09c3ba07dd87f7af8b2a588073ac0c0128c2150",
    "default.mixed": "af98877ce01b4db76ef6886f1febef84d3d0fbd2c60d0afad592ddeff0e2ca3a",
    "default.oracle": "83e75186e1c735a5bcd5f89af07e197a8f167f3551a31bd8a0cdafc12d5c18d3",
    "seed4242.baselines": "072773d58e964df339e46de6d7b88ddbaef573e8f5279caccfc8aff047bf03a9",
    "seed4242.fixtures": "b45b5177f3a45fdaecf22af586c6a7c10bc6beb103ff11111454c57e10c8d3a8",
    "seed4242.mixed": "7fe73137c7c1f5e88f1c8e53ffa63e5c9524a7e804c3a78fd7cbb2b7bfe68a27",
    "seed4242.oracle": "12c81a292c03cb6cf3885bed5502ed1850672a7d8dd1e38d29543e84c2de97c4",
  },
  novel_continuity_derived: {
    declaration: "b850056c6429acce1f8e0413a66c9c3134a148582d55b5b054c5e7b663ad53d8",
    "default.baselines": "0d92ac1be4f816ea12bdd2093250da23d88f6db7b0a99504e5d98a5e7495ddcb",
    "default.fixtures": "fb74b0c44a0b9b6b450ee007a82ba4c72431cbd3c23e2ac845c2e9b768f7b4fe",
    "default.mixed": "1c97d747627fceb86f12cc962e64dfa94aad1d244612b90cbf820d9e0efa45c8",
    "default.oracle": "031bcf4f9056218a3ba5be7eac03fffb5865c06259b86f183b185ef459f2ec14",
    "seed4242.baselines": "999b6109f99aec1c738261dd6624e3449d8bdffb8318e2e886783b86364c2a30",
    "seed4242.fixtures": "78884614b074e136b428d350ae2d322cd08b53e738aeebb32a342d6939fd29dd",
    "seed4242.mixed": "8e0bf4208c27fe4f8103fd7272010977a137d1a9dc430f9feffe24c4b75d4ea0",
    "seed4242.oracle": "8ce6909b28c726465a91d3816d17808ff8f3b79330319b85d6ceef3b16b5eeaa",
  },
  referential_indexing_derived: {
    declaration: "6777dc5d3ce410528cec5ae5d392b76d59eb4a47ac046a56702175700b8f79db",
    "default.baselines": "e0c2c6128b1529fc4f465f29a18d8e2e854e61e1acdc5be10dacd827ef0b0ff2",
    "default.fixtures": "6f64d8d3fdfe7d9d36319e51a9023c2304dd70cee0794413de80fb053f95b829",
    "default.mixed": "c05d1b1ec8ab03d734f98c5ff6591cb5bf551f6526fe2e81cfc01c3fda4ebbd2",
    "default.oracle": "ffd1ee3b75f05022d712099fce6c530880f6703c6155dc7d05298c591fc0701a",
    "seed4242.baselines": "88ef4f347a598bf165572c45021e0d69c637ed3775f120d71a5509e31cfe34b0",
    "seed4242.fixtures": "30f1417a9a5d47c297f9c7a9e546560ff429814ef17947137bbab066dc534d11",
    "seed4242.mixed": "b542ec08820007a4062bb8428d678a8ea260e7ecfc11132c5726b394f7aeb53d",
    "seed4242.oracle": "4adb06e0fdd0b3fe31172ae1054e61d2be12642b466fc9f080deaa52c09e0e08",
  },
};

describe("derived trap families: fixtures, baselines and scores are byte-identical to the pin", () => {
  for (const id of FAMILIES)
    it(id, () => {
      const got = digests(requireFamily(id));
      if (process.env.GOLDEN_PRINT)
        appendFileSync(process.env.GOLDEN_PRINT, `${JSON.stringify({ [id]: got })}\n`);
      expect(got).toEqual(EXPECTED[id]);
    });
});
