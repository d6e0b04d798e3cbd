import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import {
  type HoaAutomaton,
  HoaError,
  aliasTable,
  evalLabel,
  formatLabel,
  hoaPosition,
  parseHoa,
  parseHoaAll,
  writeHoa,
} from "../../../src/gf01/hoa/index.js";

/** Every header item, nested comments, escapes, aliases, state labels, marks, alternation. */
const KITCHEN_SINK = `HOA: v1 /* leading /* nested */ comment */
name: "say \\"hi\\" \\\\ there\\n"
tool: "hand" "0.1"
States: 4
Start: 0
Start: 1&2
AP: 3 "a" "proc@state" "a[x] >= 2"
controllable-AP: 2
Alias: @a 0
Alias: @ps 1
Alias: @c @ps | !(@a & 2)
acc-name: Rabin 1
Acceptance: 2 (Fin(0) & Inf(1)) | Fin(!1) | t
properties: trans-labels explicit-labels
properties: univ-branch
X-custom: 7 "str" ident t f
lower-note:
--BODY--
State: 0 "zero" {0}
[@a & !@ps] 0 {1}
[!@a | @ps] 1&2
[@c] 3 {}
State: [0 | f] 1
3
State: 2 { 1 }
  1 1 1 1 1 1 1 1   /* eight implicit edges: 2^3 */
State: 3
--END--
`;

describe("parseHoa: grammar", () => {
  const a = parseHoa(KITCHEN_SINK);

  it("reads every header item", () => {
    expect(a.version).toBe("v1");
    expect(a.name).toBe('say "hi" \\ there\n');
    expect(a.tool).toEqual({ name: "hand", version: "0.1" });
    expect(a.states).toBe(4);
    expect(a.start).toEqual([[0], [1, 2]]);
    expect(a.aps).toEqual(["a", "proc@state", "a[x] >= 2"]);
    expect(a.controllableAps).toEqual([2]);
    expect(a.aliases.map((x) => x.name)).toEqual(["@a", "@ps", "@c"]);
    expect(a.aliases[2].expr).toEqual({
      kind: "or",
      left: { kind: "alias", name: "@ps" },
      right: {
        kind: "not",
        arg: { kind: "and", left: { kind: "alias", name: "@a" }, right: { kind: "ap", index: 2 } },
      },
    });
    expect(a.accName).toEqual({ name: "Rabin", params: [{ type: "int", value: 1 }] });
    expect(a.acceptance.sets).toBe(2);
    expect(a.acceptance.condition).toEqual({
      kind: "or",
      left: {
        kind: "or",
        left: {
          kind: "and",
          left: { kind: "Fin", set: 0, negated: false },
          right: { kind: "Inf", set: 1, negated: false },
        },
        right: { kind: "Fin", set: 1, negated: true },
      },
      right: { kind: "bool", value: true },
    });
    expect(a.properties).toEqual(["trans-labels", "explicit-labels", "univ-branch"]);
    expect(a.extraHeaders).toEqual([
      {
        name: "X-custom",
        values: [
          { type: "int", value: 7 },
          { type: "string", value: "str" },
          { type: "identifier", value: "ident" },
          { type: "bool", value: true },
          { type: "bool", value: false },
        ],
      },
      { name: "lower-note", values: [] },
    ]);
  });

  it("reads the body: names, state labels, marks, conjunction targets, implicit edges", () => {
    expect(a.body.map((s) => s.id)).toEqual([0, 1, 2, 3]);
    const [s0, s1, s2, s3] = a.body;
    expect(s0.name).toBe("zero");
    expect(s0.acc).toEqual([0]);
    expect(s0.edges.map((e) => e.targets)).toEqual([[0], [1, 2], [3]]);
    expect(s0.edges.map((e) => e.acc)).toEqual([[1], undefined, []]);
    expect(s1.label).toEqual({
      kind: "or",
      left: { kind: "ap", index: 0 },
      right: { kind: "bool", value: false },
    });
    expect(s1.edges).toEqual([{ targets: [3] }]);
    expect(s2.acc).toEqual([1]);
    expect(s2.edges).toHaveLength(8);
    expect(s2.edges.every((e) => e.label === undefined)).toBe(true);
    expect(s3.edges).toEqual([]);
  });

  it("records source positions out of the tree", () => {
    expect(hoaPosition(a.body[0])).toEqual({ line: 19, col: 1 });
    expect(hoaPosition(a.body[0].edges[1])).toEqual({ line: 21, col: 1 });
    expect(hoaPosition(a.body[2])).toEqual({ line: 25, col: 1 });
    expect(hoaPosition(a.body[2].edges[7])).toEqual({ line: 26, col: 17 });
  });

  it("writes canonical text that parses back to an equal automaton, and is a fixed point", () => {
    const text = writeHoa(a);
    const b = parseHoa(text);
    expect(b).toEqual(a);
    expect(writeHoa(b)).toBe(text);
  });

  it("treats newlines as whitespace (the same automaton on one line)", () => {
    const oneLine = KITCHEN_SINK.replace(/\n/g, " ");
    expect(parseHoa(oneLine)).toEqual(a);
  });

  it("uses ! > & > | precedence in labels", () => {
    const b = parseHoa(`HOA: v1 AP: 3 "x" "y" "z" Acceptance: 0 t --BODY-- State: 0 [!0 | 1 & 2] 0 --END--`);
    expect(b.body[0].edges[0].label).toEqual({
      kind: "or",
      left: { kind: "not", arg: { kind: "ap", index: 0 } },
      right: { kind: "and", left: { kind: "ap", index: 1 }, right: { kind: "ap", index: 2 } },
    });
  });

  it("reads the format document's examples (aliases, state labels, implicit labels, alternation)", () => {
    const implicit = parseHoa(`HOA: v1
States: 3
Start: 0
acc-name: Rabin 1
Acceptance: 2 (Fin(0) & Inf(1))
AP: 2 "a" "b"
--BODY--
State: 0 "a U b" { 0 }
  2  /* !a  & !b */
  0  /*  a  & !b */
  1  /* !a  &  b */
  1  /*  a  &  b */
State: 1 { 1 }
  1 1 1 1       /* four transitions on one line */
State: 2 "sink state" { 0 }
  2 2 2 2
--END--`);
    expect(implicit.body[0].edges.map((e) => e.targets[0])).toEqual([2, 0, 1, 1]);
    const alt = parseHoa(`HOA: v1
name: "(Fa & G(b&Xc)) | c"
States: 4
Start: 0&2
Start: 3
acc-name: co-Buchi
Acceptance: 1 Fin(0)
AP: 3 "a" "b" "c"
--BODY--
State: 0 "Fa"
[t] 0 {0}
[0] 1
State: 1 "true"
[t] 1
State: 2 "G(b&Xc)"
[1] 2&3
State: 3 "c"
[2] 1
--END--`);
    expect(alt.start).toEqual([[0, 2], [3]]);
    expect(alt.body[2].edges[0].targets).toEqual([2, 3]);
  });

  it("accepts States: 0, no Start, no AP", () => {
    const e = parseHoa("HOA: v1 States: 0 Acceptance: 0 f --BODY-- --END--");
    expect(e.states).toBe(0);
    expect(e.start).toEqual([]);
    expect(e.aps).toEqual([]);
    expect(e.body).toEqual([]);
  });
});

describe("parseHoaAll: streams and --ABORT--", () => {
  it("discards aborted automata and keeps the rest", () => {
    const text = `HOA: v1 Acceptance: 0 t --BODY-- State: 0 0 --END--
HOA: v1 AP: 1 "a" Acceptance: 0 t --BODY-- State: 0 [0] --ABORT--
HOA: v1 name: "third" Acceptance: 0 t --BODY-- --END--`;
    const { automata, aborted } = parseHoaAll(text);
    expect(automata.map((a) => a.name)).toEqual([undefined, "third"]);
    expect(aborted).toEqual([{ line: 2, col: 57 }]);
  });

  it("an identifier ending in --ABORT-- does not abort", () => {
    const a = parseHoa(`HOA: v1 X: foo--ABORT-- Acceptance: 0 t --BODY-- --END--`);
    expect(a.extraHeaders).toEqual([{ name: "X", values: [{ type: "identifier", value: "foo--ABORT--" }] }]);
  });

  it("parseHoa rejects an aborted automaton and several automata", () => {
    expect(() => parseHoa(`HOA: v1 --ABORT--`)).toThrow(
      "line 1, column 9: the automaton was aborted by --ABORT--",
    );
    expect(() =>
      parseHoa(`HOA: v1 Acceptance: 0 t --BODY-- --END-- HOA: v1 Acceptance: 0 t --BODY-- --END--`),
    ).toThrow("expected one automaton, found 2");
  });
});

/** The error a text raises, as `line:col reason` (file given so the message format is checked too). */
function errorOf(text: string): string {
  try {
    parseHoa(text, { file: "bad.hoa" });
  } catch (e) {
    expect(e).toBeInstanceOf(HoaError);
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected a parse error");
}

const H = (header: string, body = "") => `HOA: v1\n${header}\n--BODY--\n${body}\n--END--\n`;

describe("parseHoa: errors name line and column", () => {
  const cases: [string, string, string][] = [
    ["empty text", "", 'bad.hoa:1:1: no automaton found (expected "HOA: v1")'],
    [
      "missing HOA:",
      "States: 1",
      'bad.hoa:1:1: expected "HOA:" at the start of an automaton, found "States:"',
    ],
    [
      "version",
      "HOA: v2 Acceptance: 0 t --BODY-- --END--",
      "bad.hoa:1:6: unsupported HOA version v2 (only v1 is supported)",
    ],
    ["missing Acceptance", H('AP: 1 "a"'), 'bad.hoa:3:1: missing mandatory "Acceptance:" header item'],
    [
      "duplicate header",
      H("Acceptance: 0 t\nStates: 1\nStates: 2"),
      'bad.hoa:4:1: duplicate header item "States:"',
    ],
    [
      "AP count",
      H('AP: 2 "a"\nAcceptance: 0 t'),
      'bad.hoa:2:5: "AP:" declares 2 propositions but lists 1 names',
    ],
    ["duplicate AP", H('AP: 2 "a" "a"\nAcceptance: 0 t'), 'bad.hoa:2:11: duplicate atomic proposition "a"'],
    [
      "bad AP index in edge",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[0 & 1] 0"),
      'bad.hoa:6:6: AP index 1 in label is out of range ("AP:" declares 0..0)',
    ],
    [
      "bad AP index in alias (AP: after Alias:)",
      H('Alias: @x 3\nAP: 2 "a" "b"\nAcceptance: 0 t'),
      'bad.hoa:2:11: AP index 3 in alias @x is out of range ("AP:" declares 0..1)',
    ],
    [
      "AP index with no APs",
      H("Acceptance: 0 t", "State: 0\n[0] 0"),
      "bad.hoa:5:2: AP index 0 in label is out of range (no atomic propositions declared)",
    ],
    [
      "unknown alias",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[@nope] 0"),
      'bad.hoa:6:2: unknown alias @nope (aliases must be defined by "Alias:" before use)',
    ],
    [
      "alias used before its definition",
      H('AP: 1 "a"\nAlias: @b @a\nAlias: @a 0\nAcceptance: 0 t'),
      'bad.hoa:3:11: unknown alias @a (aliases must be defined by "Alias:" before use)',
    ],
    [
      "alias redefined",
      H('AP: 1 "a"\nAlias: @a 0\nAlias: @a !0\nAcceptance: 0 t'),
      "bad.hoa:4:8: alias @a is already defined",
    ],
    [
      "state out of range",
      H("States: 2\nAcceptance: 0 t", "State: 2"),
      'bad.hoa:5:8: state 2 is out of range ("States: 2" allows 0..1)',
    ],
    [
      "undefined target (States:)",
      H("States: 1\nAcceptance: 0 t", "State: 0\n[t] 0\n[t] 4"),
      'bad.hoa:7:5: state 4 is undefined ("States: 1" allows 0..0)',
    ],
    [
      "undefined target (no States:)",
      H("Acceptance: 0 t", "State: 0\n[t] 7"),
      'bad.hoa:5:5: state 7 is used but never defined by "State: 7"',
    ],
    [
      "undefined start",
      H("Start: 3\nAcceptance: 0 t", "State: 0\n0"),
      'bad.hoa:2:8: state 3 is used but never defined by "State: 3"',
    ],
    [
      "state twice",
      H("Acceptance: 0 t", "State: 0\n0\nState: 0\n0"),
      "bad.hoa:6:8: state 0 is defined twice (first at line 4)",
    ],
    [
      "acceptance set out of range (edge)",
      H("Acceptance: 1 Inf(0)", "State: 0\n0 {0 1}"),
      'bad.hoa:5:6: acceptance set 1 is out of range ("Acceptance: 1" declares 0..0)',
    ],
    [
      "acceptance set out of range (condition)",
      H("Acceptance: 1 Inf(2)"),
      'bad.hoa:2:19: acceptance set 2 is out of range ("Acceptance: 1" declares 0..0)',
    ],
    [
      "unknown acceptance primitive",
      H("Acceptance: 1 Buchi(0)"),
      "bad.hoa:2:15: unknown acceptance primitive Buchi (HOA v1 has only Fin and Inf)",
    ],
    [
      "state label and edge label",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: [0] 0\n[0] 0"),
      "bad.hoa:6:1: state 0 has a state label, so its edges must not have labels",
    ],
    [
      "labeled then unlabeled",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[0] 0\n0"),
      "bad.hoa:7:1: state 0 mixes labeled and unlabeled edges (all or none must have labels)",
    ],
    [
      "unlabeled then labeled",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n0\n[0] 0"),
      "bad.hoa:7:1: state 0 mixes labeled and unlabeled edges (all or none must have labels)",
    ],
    [
      "implicit edge count",
      H('AP: 2 "a" "b"\nAcceptance: 0 t', "State: 0\n0 0 0"),
      "bad.hoa:5:1: state 0 uses implicit labels, so it needs exactly 2^2 = 4 edges, found 3",
    ],
    [
      "unclosed label",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[0 0"),
      'bad.hoa:6:4: expected "]" to close the label, found integer 0',
    ],
    [
      "unclosed paren",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[(0] 0"),
      'bad.hoa:6:4: expected ")" to close the parenthesis, found "]"',
    ],
    [
      "bare name in label",
      H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[a] 0"),
      "bad.hoa:6:2: unexpected name a in a label (use an AP number, t, f, or an @alias)",
    ],
    [
      "missing --END--",
      "HOA: v1\nAcceptance: 0 t\n--BODY--\nState: 0\n",
      'bad.hoa:5:1: expected "State:" or --END--, found end of input (missing --END--)',
    ],
    [
      "unterminated comment",
      "HOA: v1 /* a /* b */\nAcceptance: 0 t",
      "bad.hoa:1:9: unterminated comment (missing */)",
    ],
    [
      "unterminated string",
      'HOA: v1\nname: "abc\n',
      "bad.hoa:2:7: unterminated string (missing closing quote)",
    ],
    [
      "leading zero",
      H("States: 01\nAcceptance: 0 t"),
      "bad.hoa:2:9: invalid integer 01 (no leading zeros in HOA)",
    ],
    [
      "huge integer",
      H("States: 2147483648\nAcceptance: 0 t"),
      "bad.hoa:2:9: integer 2147483648 is too large (HOA integers are < 2^31)",
    ],
    ["stray character", H("Acceptance: 0 t\n$"), 'bad.hoa:3:1: unexpected character "$"'],
    [
      "stray dash",
      H("Acceptance: 0 t\n-x"),
      'bad.hoa:3:1: unexpected character "-" (expected --BODY--, --END-- or --ABORT--)',
    ],
    [
      "ANAME where a header value is",
      H("Acceptance: 0 t\nfoo: @x"),
      "bad.hoa:3:6: expected a header item or --BODY--, found @x",
    ],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => expect(errorOf(text)).toBe(message));
  }

  it("errors carry line and column as fields", () => {
    try {
      parseHoa(H('AP: 1 "a"\nAcceptance: 0 t', "State: 0\n[@nope] 0"));
      expect.unreachable();
    } catch (e) {
      const err = e as HoaError;
      expect([err.line, err.column, err.file]).toEqual([6, 2, undefined]);
      expect(err.message).toBe(
        'line 6, column 2: unknown alias @nope (aliases must be defined by "Alias:" before use)',
      );
    }
  });
});

describe("labels: evaluation agrees with JavaScript's own precedence (! > && > ||)", () => {
  // An independent oracle: rewrite the HOA label text into a JS boolean expression.
  const jsEval = (label: string, letter: number): boolean => {
    const js = label.replace(/\d+|\bt\b|\bf\b|&|\|/g, (tok) =>
      tok === "t"
        ? "true"
        : tok === "f"
          ? "false"
          : tok === "&"
            ? "&&"
            : tok === "|"
              ? "||"
              : `(((${letter} >>> ${tok}) & 1) === 1)`,
    );
    return new Function(`return (${js});`)() as boolean;
  };
  const labels = [
    "!0 | 1 & 2",
    "!(0 | 1) & 2",
    "0 & !1 | !2 & t",
    "!!0 | f",
    "(0 | 1) & (1 | 2) & !(0 & 2)",
    "0 | 1 & !2 | f & 0",
  ];
  for (const label of labels) {
    it(label, () => {
      const a: HoaAutomaton = parseHoa(
        `HOA: v1 AP: 3 "a" "b" "c" Acceptance: 0 t --BODY-- State: 0 [${label}] 0 --END--`,
      );
      const e = a.body[0].edges[0].label!;
      for (let letter = 0; letter < 8; letter++)
        expect(evalLabel(e, letter, aliasTable([]))).toBe(jsEval(label, letter));
      // formatting keeps the meaning and re-parses to the same tree
      const again = parseHoa(
        `HOA: v1 AP: 3 "a" "b" "c" Acceptance: 0 t --BODY-- State: 0 [${formatLabel(e)}] 0 --END--`,
      );
      expect(again.body[0].edges[0].label).toEqual(e);
    });
  }
});
