/**
 * Selector model metadata says what the training labels were: a reference export (no label
 * field; `correct_uid` is its newest-entry label unless run with --use-gold-support) trains a
 * model stamped `unspecified`, never `authoritative`, and the check against the recorded gold
 * support shows whether the labels were authoritative.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { parseExample } from "../../../src/geb/selector/dataset.js";
import { trainSelector } from "../../../src/geb/selector/train.js";

const where = { file: "x.jsonl", line: 1 };

/** A line shaped like the reference's export_selector_dataset.py output. */
function referenceLine(i: number, labelNote: boolean): Record<string, unknown> {
  const gold = `U00000${i}`;
  const note = `U0000A${i}`;
  return {
    id: `E0001-Q00${i}`,
    episode_id: "E0001",
    question: `Question: what is tag.0${i}?`,
    key: `tag.0${i}`,
    k: 2,
    wrong_type: "same_key",
    drop_prob: 0,
    order: "shuffle",
    correct_uid: labelNote ? note : gold,
    gold_support_uid: gold,
    gold_present: true,
    candidates: [
      { uid: gold, step: 3, op: "SET", key: `tag.0${i}`, value: "amber-0001", authority_spoofed: false },
      { uid: note, step: 5, op: "SET", key: `tag.0${i}`, value: "teal-0002", authority_spoofed: true },
    ],
  };
}

describe("selector examples and model metadata", () => {
  it("reference export lines: label unspecified, spoofed candidates keep their true op", () => {
    const ex = parseExample(referenceLine(1, true), where);
    expect(ex.label).toBe("unspecified");
    expect(ex.gold_support_uid).toBe("U000001");
    expect(ex.candidates[1]).toMatchObject({ op: "SET", true_op: "NOTE", spoofed: true });
    expect(ex.candidates[0]).toMatchObject({ op: "SET", true_op: "SET", spoofed: false });
    expect(() => parseExample({ ...referenceLine(1, false), label: "gold" }, where)).toThrow(InputError);
  });

  it("a model trained on a reference export is not stamped authoritative", () => {
    const examples = [1, 2, 3, 4, 5].map((i) => parseExample(referenceLine(i, i % 2 === 0), where));
    const model = trainSelector(examples, { epochs: 2 });
    expect(model.meta?.labels).toEqual(["unspecified"]);
    expect(model.meta?.label_check).toEqual({ same_as_gold_support: 3, differs_from_gold_support: 2 });
  });

  it("our own export's label is kept", () => {
    const line: Record<string, unknown> = { ...referenceLine(1, false), label: "authoritative" };
    delete line.gold_support_uid;
    const model = trainSelector([parseExample(line, where)], { epochs: 1 });
    expect(model.meta?.labels).toEqual(["authoritative"]);
    expect(model.meta?.label_check).toBeNull();
  });
});
