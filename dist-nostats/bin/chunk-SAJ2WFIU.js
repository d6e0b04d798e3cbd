import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  semanticIdentity
} from "./chunk-LF7XRNB5.js";
import {
  canonicalHash
} from "./chunk-OMQMJS7P.js";
import {
  external_exports,
  parseWith,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  compileInstance,
  symbolKey
} from "./chunk-3RIPXYYT.js";

// src/gf01/formal/source.ts
import { existsSync as existsSync2, readFileSync as readFileSync2, statSync as statSync2 } from "node:fs";
import { basename as basename2, extname as extname2 } from "node:path";
import { InputError as InputError5 } from "../core/errors.js";

// src/gf01/hoa/mealy.ts
import { InputError as InputError2 } from "../core/errors.js";

// src/gf01/hoa/errors.ts
import { InputError } from "../core/errors.js";
var HoaError = class extends InputError {
  column;
  constructor(reason, pos, file) {
    super(reason, { file, line: pos?.line });
    this.name = "HoaError";
    this.column = pos?.col;
    if (pos)
      this.message = file ? `${file}:${pos.line}:${pos.col}: ${reason}` : `line ${pos.line}, column ${pos.col}: ${reason}`;
  }
};

// src/gf01/hoa/label.ts
function aliasTable(aliases) {
  return new Map(aliases.map((a) => [a.name, a.expr]));
}
function evalLabel(e, letter, aliases) {
  switch (e.kind) {
    case "bool":
      return e.value;
    case "ap":
      return (letter >>> e.index & 1) === 1;
    case "alias": {
      const def = aliases.get(e.name);
      if (!def) throw new Error(`unknown alias ${e.name}`);
      return evalLabel(def, letter, aliases);
    }
    case "not":
      return !evalLabel(e.arg, letter, aliases);
    case "and":
      return evalLabel(e.left, letter, aliases) && evalLabel(e.right, letter, aliases);
    case "or":
      return evalLabel(e.left, letter, aliases) || evalLabel(e.right, letter, aliases);
  }
}
function cubeLabel(nAps, letter) {
  if (nAps === 0) return { kind: "bool", value: true };
  let e;
  for (let j = 0; j < nAps; j++) {
    const ap = { kind: "ap", index: j };
    const lit = letter >>> j & 1 ? ap : { kind: "not", arg: ap };
    e = e ? { kind: "and", left: e, right: lit } : lit;
  }
  return e;
}

// src/gf01/hoa/types.ts
var positions = /* @__PURE__ */ new WeakMap();
function hoaPosition(node) {
  return positions.get(node);
}
function setHoaPosition(node, pos) {
  positions.set(node, { line: pos.line, col: pos.col });
}

// src/gf01/hoa/mealy.ts
var MAX_LABEL_APS = 20;
function hoaStateName(s) {
  return s.name ?? `s${s.id}`;
}
function valuationText(aps, bits) {
  return aps.map((ap, i) => `${ap}=${bits(i)}`).join("|") || "(no inputs)";
}
function edgeLabel(s, k, nAps) {
  return s.label ?? s.edges[k].label ?? cubeLabel(nAps, k);
}
function hoaToMealy(hoa, opts = {}) {
  const file = opts.file;
  const fail = (msg, node) => {
    throw new HoaError(msg, node ? hoaPosition(node) : void 0, file);
  };
  if (hoa.start.length === 0) fail('the automaton has no initial state (no "Start:" item)');
  if (hoa.start.length > 1)
    fail(`the automaton has ${hoa.start.length} initial states; a Mealy machine needs exactly one`);
  if (hoa.start[0].length > 1)
    fail(
      `"Start: ${hoa.start[0].join("&")}" is a universal (alternating) start; a Mealy machine needs one initial state`
    );
  const states = hoa.body.slice().sort((a, b) => a.id - b.id);
  const byId = new Map(states.map((s) => [s.id, s]));
  const names = /* @__PURE__ */ new Map();
  for (const s of states) {
    const n = hoaStateName(s);
    const other = names.get(n);
    if (other !== void 0) fail(`states ${other} and ${s.id} have the same name ${JSON.stringify(n)}`, s);
    names.set(n, s.id);
    for (const e of s.edges)
      if (e.targets.length > 1)
        fail(
          `state ${s.id} has an edge to ${e.targets.join("&")}: universal branching (alternation) is not a Mealy machine`,
          e
        );
  }
  const init = byId.get(hoa.start[0][0]);
  if (!init) fail(`initial state ${hoa.start[0][0]} is not defined in the body`);
  if (hoa.states !== void 0) {
    for (let id = 0; id < hoa.states; id++)
      if (!byId.has(id))
        fail(
          `state ${id} is declared by "States: ${hoa.states}" but not listed, so it has no edges (partial automaton)`
        );
  }
  for (const s of states)
    for (const e of s.edges)
      if (!byId.has(e.targets[0]))
        fail(`state ${e.targets[0]} is a target but has no "State:" entry (partial automaton)`, e);
  const aliases = aliasTable(hoa.aliases);
  const nAps = hoa.aps.length;
  const transitions = {};
  if (opts.outputByState) {
    const inputAps2 = requireList(opts.inputAps, "inputAps", "the state-output reading");
    const outputAps2 = requireList(opts.outputAps, "outputAps", "the state-output reading");
    checkDisjoint(inputAps2, outputAps2);
    const apToInput = hoa.aps.map((ap) => inputAps2.indexOf(ap));
    const nIn2 = inputAps2.length;
    const stateOut = /* @__PURE__ */ new Map();
    for (const s of states) stateOut.set(s.id, stateOutput(opts.outputByState, s, outputAps2, file));
    for (const s of states) {
      const row = {};
      for (let sym = 0; sym < 1 << nIn2; sym++) {
        let letter = 0;
        for (let j = 0; j < nAps; j++) {
          const ii = apToInput[j];
          if (ii >= 0 && sym >> nIn2 - 1 - ii & 1) letter |= 1 << j;
        }
        const k = uniqueEdge(
          s,
          letter,
          nAps,
          aliases,
          () => valuationText(inputAps2, (i) => sym >> nIn2 - 1 - i & 1),
          fail
        );
        const target = byId.get(s.edges[k].targets[0]);
        row[symbolKey(inputAps2, sym)] = {
          next_state: hoaStateName(target),
          output: { ...stateOut.get(target.id) }
        };
      }
      transitions[hoaStateName(s)] = row;
    }
    return {
      states: states.map(hoaStateName),
      initial_state: hoaStateName(init),
      input_aps: inputAps2.slice(),
      output_aps: outputAps2.slice(),
      transitions
    };
  }
  let outputAps;
  if (opts.outputAps) outputAps = opts.outputAps.slice();
  else if (hoa.controllableAps) outputAps = hoa.controllableAps.map((j) => hoa.aps[j]);
  else if (opts.inputAps) outputAps = hoa.aps.filter((ap) => !opts.inputAps?.includes(ap));
  else
    return fail(
      'cannot tell output APs from input APs: give outputAps or outputByState, or mark outputs with "controllable-AP:"'
    );
  const inputAps = opts.inputAps ? opts.inputAps.slice() : hoa.aps.filter((ap) => !outputAps.includes(ap));
  checkDisjoint(inputAps, outputAps);
  for (const ap of [...inputAps, ...outputAps])
    if (!hoa.aps.includes(ap)) fail(`AP ${JSON.stringify(ap)} is not declared by "AP:" in the automaton`);
  for (const ap of hoa.aps)
    if (!inputAps.includes(ap) && !outputAps.includes(ap))
      fail(`HOA AP ${JSON.stringify(ap)} is neither an input nor an output AP`);
  const nIn = inputAps.length;
  const nOut = outputAps.length;
  if (nIn + nOut > MAX_LABEL_APS)
    fail(`too many APs (${nIn + nOut}) for the label reading; at most ${MAX_LABEL_APS}`);
  const inBit = inputAps.map((ap) => 1 << hoa.aps.indexOf(ap));
  const outBit = outputAps.map((ap) => 1 << hoa.aps.indexOf(ap));
  for (const s of states) {
    const row = {};
    for (let sym = 0; sym < 1 << nIn; sym++) {
      let inLetter = 0;
      for (let i = 0; i < nIn; i++) if (sym >> nIn - 1 - i & 1) inLetter |= inBit[i];
      const inText = () => valuationText(inputAps, (i) => sym >> nIn - 1 - i & 1);
      let found;
      for (let code = 0; code < 1 << nOut; code++) {
        let letter = inLetter;
        for (let j = 0; j < nOut; j++) if (code >> nOut - 1 - j & 1) letter |= outBit[j];
        const k = matchingEdge(
          s,
          letter,
          nAps,
          aliases,
          () => `${inText()} with ${valuationText(outputAps, (j) => code >> nOut - 1 - j & 1)}`,
          fail
        );
        if (k < 0) continue;
        if (found)
          fail(
            `state ${s.id} does not determine its output on input ${inText()}: both ${valuationText(outputAps, (j) => found.code >> nOut - 1 - j & 1)} and ${valuationText(outputAps, (j) => code >> nOut - 1 - j & 1)} are allowed`,
            s
          );
        found = { code, edge: k };
      }
      if (!found) return fail(`state ${s.id} has no edge for input ${inText()} (partial automaton)`, s);
      const output = {};
      for (let j = 0; j < nOut; j++) output[outputAps[j]] = found.code >> nOut - 1 - j & 1;
      const target = byId.get(s.edges[found.edge].targets[0]);
      row[symbolKey(inputAps, sym)] = { next_state: hoaStateName(target), output };
    }
    transitions[hoaStateName(s)] = row;
  }
  return {
    states: states.map(hoaStateName),
    initial_state: hoaStateName(init),
    input_aps: inputAps,
    output_aps: outputAps,
    transitions
  };
}
function matchingEdge(s, letter, nAps, aliases, text, fail) {
  let hit = -1;
  for (let k = 0; k < s.edges.length; k++) {
    if (!evalLabel(edgeLabel(s, k, nAps), letter, aliases)) continue;
    if (hit >= 0) {
      const a = hoaPosition(s.edges[hit]);
      const b = hoaPosition(s.edges[k]);
      const where = a && b ? `edges at lines ${a.line} and ${b.line}` : `edges ${hit} and ${k}`;
      fail(`state ${s.id} is non-deterministic: ${where} both match ${text()}`, s.edges[k]);
    }
    hit = k;
  }
  return hit;
}
function uniqueEdge(s, letter, nAps, aliases, text, fail) {
  const k = matchingEdge(s, letter, nAps, aliases, text, fail);
  if (k < 0) fail(`state ${s.id} (${hoaStateName(s)}) has no edge for ${text()} (partial automaton)`, s);
  return k;
}
function requireList(v, name, what) {
  if (!v || v.length === 0) throw new InputError2(`${what} needs a non-empty ${name}`, { field: name });
  return v.slice();
}
function checkDisjoint(inputs, outputs) {
  const dup = (xs) => xs.find((x, i) => xs.indexOf(x) !== i);
  const di = dup(inputs);
  if (di !== void 0)
    throw new InputError2(`input AP ${JSON.stringify(di)} is listed twice`, { field: "input_aps" });
  const dout = dup(outputs);
  if (dout !== void 0)
    throw new InputError2(`output AP ${JSON.stringify(dout)} is listed twice`, { field: "output_aps" });
  const both = inputs.find((x) => outputs.includes(x));
  if (both !== void 0)
    throw new InputError2(`AP ${JSON.stringify(both)} is both an input and an output AP`, {
      field: "output_aps"
    });
}
function stateOutput(table, s, outputAps, file) {
  const name = hoaStateName(s);
  const key = Object.hasOwn(table, String(s.id)) ? String(s.id) : name;
  const field = `output_by_state.${key}`;
  const payload = Object.hasOwn(table, key) ? table[key] : void 0;
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    throw new InputError2(`missing output_by_state mapping for state ${name}`, {
      file,
      field: "output_by_state"
    });
  const keys = Object.keys(payload);
  const want = outputAps.slice().sort();
  if (keys.length !== want.length || keys.slice().sort().some((k, i) => k !== want[i]))
    throw new InputError2(
      `output_by_state for ${name} must match output_aps exactly (${JSON.stringify(want)}), got ${JSON.stringify(keys.sort())}`,
      {
        file,
        field
      }
    );
  const out = {};
  for (const k of keys) {
    const v = payload[k];
    if (v !== 0 && v !== 1)
      throw new InputError2(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
        file,
        field: `${field}.${k}`
      });
    out[k] = v;
  }
  return out;
}

// src/gf01/hoa/lexer.ts
var isIdentStart = (c) => c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95;
var isDigit = (c) => c >= 48 && c <= 57;
var isIdentPart = (c) => isIdentStart(c) || isDigit(c) || c === 45;
var INT_LIMIT = 2 ** 31;
function tokenize(text, file) {
  const tokens = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const pos = (at) => ({ line, col: at - lineStart + 1 });
  const push = (kind, value, start, int2 = 0) => tokens.push({ kind, value, int: int2, ...start });
  const advance = (to) => {
    for (; i < to; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      advance(i + 1);
      continue;
    }
    const start = pos(i);
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      let depth = 0;
      let j = i;
      while (j < n) {
        if (text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42) {
          depth++;
          j += 2;
        } else if (text.charCodeAt(j) === 42 && text.charCodeAt(j + 1) === 47) {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      if (depth !== 0) throw new HoaError("unterminated comment (missing */)", start, file);
      advance(j);
      continue;
    }
    if (c === 34) {
      let j = i + 1;
      let out = "";
      for (; ; ) {
        if (j >= n) throw new HoaError("unterminated string (missing closing quote)", start, file);
        const d = text[j];
        if (d === '"') break;
        if (d === "\\") {
          if (j + 1 >= n) throw new HoaError("unterminated string (missing closing quote)", start, file);
          const e = text[j + 1];
          out += e === "n" ? "\n" : e === "t" ? "	" : e === "r" ? "\r" : e;
          j += 2;
        } else {
          out += d;
          j++;
        }
      }
      advance(j + 1);
      push("STRING", out, start);
      continue;
    }
    if (isDigit(c)) {
      let j = i;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      const digits = text.slice(i, j);
      if (digits.length > 1 && digits[0] === "0")
        throw new HoaError(`invalid integer ${digits} (no leading zeros in HOA)`, start, file);
      const v = Number(digits);
      if (v >= INT_LIMIT)
        throw new HoaError(`integer ${digits} is too large (HOA integers are < 2^31)`, start, file);
      if (j < n && isIdentStart(text.charCodeAt(j)))
        throw new HoaError(
          `unexpected character ${JSON.stringify(text[j])} after integer ${digits}`,
          pos(j),
          file
        );
      advance(j);
      push("INT", digits, start, v);
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      if (text.charCodeAt(j) === 58) {
        advance(j + 1);
        push("HEADERNAME", word, start);
      } else {
        advance(j);
        push(word === "t" || word === "f" ? "BOOLEAN" : "IDENTIFIER", word, start);
      }
      continue;
    }
    if (c === 64) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      if (j === i + 1) throw new HoaError("alias name expected after @", start, file);
      const aname = text.slice(i, j);
      advance(j);
      push("ANAME", aname, start);
      continue;
    }
    if (c === 45) {
      const rest = text.slice(i, i + 9);
      const kw = rest.startsWith("--BODY--") ? "--BODY--" : rest.startsWith("--END--") ? "--END--" : rest.startsWith("--ABORT--") ? "--ABORT--" : void 0;
      if (!kw)
        throw new HoaError(`unexpected character "-" (expected --BODY--, --END-- or --ABORT--)`, start, file);
      advance(i + kw.length);
      push(kw === "--BODY--" ? "BODY" : kw === "--END--" ? "END" : "ABORT", kw, start);
      continue;
    }
    if ("!&|()[]{}".includes(text[i])) {
      advance(i + 1);
      push("PUNCT", text[i - 1], start);
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    throw new HoaError(`unexpected character ${JSON.stringify(String.fromCodePoint(cp))}`, start, file);
  }
  tokens.push({ kind: "EOF", value: "end of input", int: 0, ...pos(i) });
  return tokens;
}

// src/gf01/hoa/parser.ts
var Aborted = class {
  constructor(token) {
    this.token = token;
  }
  token;
};
var SINGLE_HEADERS = /* @__PURE__ */ new Set(["States", "AP", "Acceptance", "acc-name", "tool", "name", "controllable-AP"]);
var Parser = class {
  constructor(toks, file) {
    this.toks = toks;
    this.file = file;
  }
  toks;
  file;
  i = 0;
  atEof() {
    return this.toks[this.i].kind === "EOF";
  }
  err(msg, at = this.toks[this.i]) {
    return new HoaError(msg, at, this.file);
  }
  peek() {
    const t = this.toks[this.i];
    if (t.kind === "ABORT") throw new Aborted(t);
    return t;
  }
  next() {
    const t = this.peek();
    if (t.kind !== "EOF") this.i++;
    return t;
  }
  isPunct(p) {
    const t = this.peek();
    return t.kind === "PUNCT" && t.value === p;
  }
  expectPunct(p, what) {
    const t = this.peek();
    if (t.kind !== "PUNCT" || t.value !== p) throw this.err(`expected "${p}" ${what}, found ${describe(t)}`);
    return this.next();
  }
  expectInt(what) {
    const t = this.peek();
    if (t.kind !== "INT") throw this.err(`expected an integer (${what}), found ${describe(t)}`);
    return this.next();
  }
  /** Skip to just after the next `--ABORT--` (used to resume a stream). */
  skipAbort(tok) {
    this.i = this.toks.indexOf(tok) + 1;
  }
  automaton() {
    const first = this.next();
    if (first.kind !== "HEADERNAME" || first.value !== "HOA")
      throw this.err(`expected "HOA:" at the start of an automaton, found ${describe(first)}`, first);
    const ver = this.next();
    if (ver.kind !== "IDENTIFIER")
      throw this.err(`expected a format version after "HOA:", found ${describe(ver)}`, ver);
    if (!/^v1(?![0-9])/.test(ver.value))
      throw this.err(`unsupported HOA version ${ver.value} (only v1 is supported)`, ver);
    const aut = {
      version: ver.value,
      start: [],
      aps: [],
      aliases: [],
      acceptance: { sets: 0, condition: { kind: "bool", value: true } },
      properties: [],
      extraHeaders: [],
      body: []
    };
    const seen = /* @__PURE__ */ new Set();
    let sawAcceptance = false;
    const apRefs = [];
    const startRefs = [];
    const aliasNames = /* @__PURE__ */ new Set();
    for (; ; ) {
      const h = this.peek();
      if (h.kind === "BODY") break;
      if (h.kind !== "HEADERNAME") throw this.err(`expected a header item or --BODY--, found ${describe(h)}`);
      this.next();
      const name = h.value;
      if (SINGLE_HEADERS.has(name)) {
        if (seen.has(name)) throw this.err(`duplicate header item "${name}:"`, h);
        seen.add(name);
      }
      switch (name) {
        case "HOA":
          throw this.err(`"HOA:" may only start an automaton (missing --BODY--/--END--?)`, h);
        case "States":
          aut.states = this.expectInt("number of states").int;
          break;
        case "Start": {
          const conj = this.stateConj((id, pos) => startRefs.push({ id, pos }));
          aut.start.push(conj);
          break;
        }
        case "AP": {
          const count = this.expectInt("number of atomic propositions");
          const names = [];
          while (this.peek().kind === "STRING") {
            const s = this.next();
            if (names.includes(s.value))
              throw this.err(`duplicate atomic proposition ${JSON.stringify(s.value)}`, s);
            names.push(s.value);
          }
          if (names.length !== count.int)
            throw this.err(`"AP:" declares ${count.int} propositions but lists ${names.length} names`, count);
          aut.aps = names;
          break;
        }
        case "Alias": {
          const a = this.peek();
          if (a.kind !== "ANAME")
            throw this.err(`expected an alias name (@name) after "Alias:", found ${describe(a)}`);
          this.next();
          if (aliasNames.has(a.value)) throw this.err(`alias ${a.value} is already defined`, a);
          const expr = this.labelExpr(
            aliasNames,
            (index, pos) => apRefs.push({ index, pos, what: `alias ${a.value}` })
          );
          aliasNames.add(a.value);
          aut.aliases.push({ name: a.value, expr });
          break;
        }
        case "Acceptance": {
          const count = this.expectInt("number of acceptance sets");
          const condition = this.accCond(count.int);
          aut.acceptance = { sets: count.int, condition };
          sawAcceptance = true;
          break;
        }
        case "acc-name": {
          const n = this.peek();
          if (n.kind !== "IDENTIFIER")
            throw this.err(`expected an acceptance name after "acc-name:", found ${describe(n)}`);
          this.next();
          const params = [];
          for (; ; ) {
            const p = this.peek();
            if (p.kind === "IDENTIFIER") params.push({ type: "identifier", value: p.value });
            else if (p.kind === "INT") params.push({ type: "int", value: p.int });
            else if (p.kind === "BOOLEAN") params.push({ type: "bool", value: p.value === "t" });
            else break;
            this.next();
          }
          aut.accName = { name: n.value, params };
          break;
        }
        case "tool": {
          const n = this.peek();
          if (n.kind !== "STRING") throw this.err(`expected a string after "tool:", found ${describe(n)}`);
          this.next();
          aut.tool = { name: n.value };
          if (this.peek().kind === "STRING") aut.tool.version = this.next().value;
          break;
        }
        case "name": {
          const n = this.peek();
          if (n.kind !== "STRING") throw this.err(`expected a string after "name:", found ${describe(n)}`);
          this.next();
          aut.name = n.value;
          break;
        }
        case "properties":
          while (this.peek().kind === "IDENTIFIER") aut.properties.push(this.next().value);
          break;
        case "controllable-AP": {
          const ids = [];
          while (this.peek().kind === "INT") {
            const t = this.next();
            apRefs.push({ index: t.int, pos: t, what: "controllable-AP:" });
            ids.push(t.int);
          }
          aut.controllableAps = ids;
          break;
        }
        default: {
          const values = [];
          for (; ; ) {
            const p = this.peek();
            if (p.kind === "IDENTIFIER") values.push({ type: "identifier", value: p.value });
            else if (p.kind === "INT") values.push({ type: "int", value: p.int });
            else if (p.kind === "BOOLEAN") values.push({ type: "bool", value: p.value === "t" });
            else if (p.kind === "STRING") values.push({ type: "string", value: p.value });
            else break;
            this.next();
          }
          aut.extraHeaders.push({ name, values });
        }
      }
    }
    const bodyTok = this.next();
    if (!sawAcceptance) throw this.err(`missing mandatory "Acceptance:" header item`, bodyTok);
    for (const r of apRefs) this.checkAp(aut, r.index, r.pos, r.what);
    const aliases = new Set(aut.aliases.map((a) => a.name));
    const defined = /* @__PURE__ */ new Map();
    const targetRefs = [];
    const sets = aut.acceptance.sets;
    const nImplicit = aut.aps.length < 31 ? 2 ** aut.aps.length : Number.POSITIVE_INFINITY;
    for (; ; ) {
      const t = this.peek();
      if (t.kind === "END") break;
      if (t.kind !== "HEADERNAME" || t.value !== "State")
        throw this.err(
          `expected "State:" or --END--, found ${describe(t)}${t.kind === "EOF" ? " (missing --END--)" : ""}`
        );
      this.next();
      const state = {};
      setHoaPosition(state, t);
      if (this.isPunct("[")) state.label = this.bracketLabel(aut, aliases);
      const idTok = this.expectInt("state number");
      state.id = idTok.int;
      if (aut.states !== void 0 && state.id >= aut.states)
        throw this.err(
          `state ${state.id} is out of range ("States: ${aut.states}" allows 0..${aut.states - 1})`,
          idTok
        );
      if (defined.has(state.id))
        throw this.err(
          `state ${state.id} is defined twice (first at line ${defined.get(state.id)?.line})`,
          idTok
        );
      defined.set(state.id, idTok);
      if (this.peek().kind === "STRING") state.name = this.next().value;
      if (this.isPunct("{")) state.acc = this.accSig(sets);
      state.edges = [];
      let labeled = 0;
      while (this.isPunct("[") || this.peek().kind === "INT") {
        const edge = {};
        const at = this.peek();
        setHoaPosition(edge, at);
        if (this.isPunct("[")) {
          if (state.label)
            throw this.err(`state ${state.id} has a state label, so its edges must not have labels`);
          if (labeled < state.edges.length)
            throw this.err(
              `state ${state.id} mixes labeled and unlabeled edges (all or none must have labels)`
            );
          edge.label = this.bracketLabel(aut, aliases);
          labeled++;
        } else if (labeled > 0) {
          throw this.err(
            `state ${state.id} mixes labeled and unlabeled edges (all or none must have labels)`
          );
        }
        edge.targets = this.stateConj((id, pos) => targetRefs.push({ id, pos }));
        if (this.isPunct("{")) edge.acc = this.accSig(sets);
        state.edges.push(edge);
      }
      if (!state.label && labeled === 0 && state.edges.length > 0 && state.edges.length !== nImplicit)
        throw this.err(
          `state ${state.id} uses implicit labels, so it needs exactly 2^${aut.aps.length} = ${nImplicit} edges, found ${state.edges.length}`,
          t
        );
      aut.body.push(state);
    }
    this.next();
    for (const r of [...startRefs, ...targetRefs]) {
      if (aut.states !== void 0) {
        if (r.id >= aut.states)
          throw this.err(
            `state ${r.id} is undefined ("States: ${aut.states}" allows 0..${aut.states - 1})`,
            r.pos
          );
      } else if (!defined.has(r.id))
        throw this.err(`state ${r.id} is used but never defined by "State: ${r.id}"`, r.pos);
    }
    return aut;
  }
  checkAp(aut, index, pos, what) {
    if (index >= aut.aps.length)
      throw this.err(
        `AP index ${index} in ${what} is out of range (${aut.aps.length === 0 ? "no atomic propositions declared" : `"AP:" declares 0..${aut.aps.length - 1}`})`,
        pos
      );
  }
  stateConj(ref) {
    const first = this.expectInt("state number");
    ref(first.int, first);
    const ids = [first.int];
    while (this.isPunct("&")) {
      this.next();
      const t = this.expectInt("state number after &");
      ref(t.int, t);
      ids.push(t.int);
    }
    return ids;
  }
  accSig(sets) {
    this.expectPunct("{", "");
    const ids = [];
    while (this.peek().kind === "INT") {
      const t = this.next();
      if (t.int >= sets)
        throw this.err(
          `acceptance set ${t.int} is out of range ("Acceptance: ${sets}" declares ${sets === 0 ? "no sets" : `0..${sets - 1}`})`,
          t
        );
      ids.push(t.int);
    }
    this.expectPunct("}", "to close the acceptance marks");
    return ids;
  }
  bracketLabel(aut, aliases) {
    const open = this.expectPunct("[", "");
    const e = this.labelExpr(aliases, (index, pos) => this.checkAp(aut, index, pos, "label"));
    this.expectPunct("]", "to close the label");
    setHoaPosition(e, open);
    return e;
  }
  /** label-expr with `!` > `&` > `|`, left-associative. */
  labelExpr(aliases, apRef) {
    const or = () => {
      let l = and();
      while (this.isPunct("|")) {
        this.next();
        l = { kind: "or", left: l, right: and() };
      }
      return l;
    };
    const and = () => {
      let l = not();
      while (this.isPunct("&")) {
        this.next();
        l = { kind: "and", left: l, right: not() };
      }
      return l;
    };
    const not = () => {
      if (this.isPunct("!")) {
        this.next();
        return { kind: "not", arg: not() };
      }
      return atom();
    };
    const atom = () => {
      const t = this.peek();
      if (t.kind === "BOOLEAN") {
        this.next();
        return { kind: "bool", value: t.value === "t" };
      }
      if (t.kind === "INT") {
        this.next();
        apRef(t.int, t);
        return { kind: "ap", index: t.int };
      }
      if (t.kind === "ANAME") {
        if (!aliases.has(t.value))
          throw this.err(`unknown alias ${t.value} (aliases must be defined by "Alias:" before use)`);
        this.next();
        return { kind: "alias", name: t.value };
      }
      if (this.isPunct("(")) {
        this.next();
        const e = or();
        this.expectPunct(")", "to close the parenthesis");
        return e;
      }
      if (t.kind === "IDENTIFIER")
        throw this.err(`unexpected name ${t.value} in a label (use an AP number, t, f, or an @alias)`);
      throw this.err(
        `expected a label expression (AP number, t, f, @alias, !, or parenthesis), found ${describe(t)}`
      );
    };
    return or();
  }
  accCond(sets) {
    const or = () => {
      let l = and();
      while (this.isPunct("|")) {
        this.next();
        l = { kind: "or", left: l, right: and() };
      }
      return l;
    };
    const and = () => {
      let l = atom();
      while (this.isPunct("&")) {
        this.next();
        l = { kind: "and", left: l, right: atom() };
      }
      return l;
    };
    const atom = () => {
      const t = this.peek();
      if (t.kind === "BOOLEAN") {
        this.next();
        return { kind: "bool", value: t.value === "t" };
      }
      if (this.isPunct("(")) {
        this.next();
        const c = or();
        this.expectPunct(")", "to close the parenthesis");
        return c;
      }
      if (t.kind === "IDENTIFIER") {
        if (t.value !== "Fin" && t.value !== "Inf")
          throw this.err(`unknown acceptance primitive ${t.value} (HOA v1 has only Fin and Inf)`);
        this.next();
        this.expectPunct("(", `after ${t.value}`);
        let negated = false;
        if (this.isPunct("!")) {
          this.next();
          negated = true;
        }
        const s = this.expectInt("acceptance set");
        if (s.int >= sets)
          throw this.err(
            `acceptance set ${s.int} is out of range ("Acceptance: ${sets}" declares ${sets === 0 ? "no sets" : `0..${sets - 1}`})`,
            s
          );
        this.expectPunct(")", `to close ${t.value}(`);
        return { kind: t.value, set: s.int, negated };
      }
      throw this.err(
        `expected an acceptance condition (Fin, Inf, t, f, or parenthesis), found ${describe(t)}`
      );
    };
    return or();
  }
};
function describe(t) {
  switch (t.kind) {
    case "EOF":
      return "end of input";
    case "STRING":
      return `string ${JSON.stringify(t.value)}`;
    case "HEADERNAME":
      return `"${t.value}:"`;
    case "PUNCT":
      return `"${t.value}"`;
    case "INT":
      return `integer ${t.value}`;
    default:
      return t.value;
  }
}
function parseHoaAll(text, opts = {}) {
  const toks = tokenize(text, opts.file);
  const p = new Parser(toks, opts.file);
  const out = { automata: [], aborted: [] };
  while (!p.atEof()) {
    try {
      out.automata.push(p.automaton());
    } catch (e) {
      if (!(e instanceof Aborted)) throw e;
      out.aborted.push({ line: e.token.line, col: e.token.col });
      p.skipAbort(e.token);
    }
  }
  return out;
}
function parseHoa(text, opts = {}) {
  const { automata, aborted } = parseHoaAll(text, opts);
  if (aborted.length > 0)
    throw new HoaError("the automaton was aborted by --ABORT-- and must be discarded", aborted[0], opts.file);
  if (automata.length === 0)
    throw new HoaError('no automaton found (expected "HOA: v1")', { line: 1, col: 1 }, opts.file);
  if (automata.length > 1)
    throw new HoaError(
      `expected one automaton, found ${automata.length} (use parseHoaAll for streams)`,
      void 0,
      opts.file
    );
  return automata[0];
}

// src/gf01/formal/file.ts
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { InputError as InputError4 } from "../core/errors.js";

// src/gf01/formal/loader.ts
import { InputError as InputError3 } from "../core/errors.js";

// src/gf01/formal/schema.ts
var FORMAL_TASK_SCHEMA_VERSION = "gf01.formal_task.v1";
var FORMAL_BUNDLE_SCHEMA_VERSION = "gf01.formal_bundle.v1";
var NORMALIZATION_VERSION = "gf01.normalization.v1";
var bit = external_exports.number().refine((v) => v === 0 || v === 1, { message: "must be 0 or 1" });
var int = external_exports.number().int();
var transitionSchema = external_exports.object({ next_state: external_exports.string(), output: external_exports.record(external_exports.string(), bit) });
var formalMealySchema = external_exports.object({
  states: external_exports.array(external_exports.string()).min(1),
  initial_state: external_exports.string(),
  input_aps: external_exports.array(external_exports.string()),
  output_aps: external_exports.array(external_exports.string()),
  transitions: external_exports.record(external_exports.string(), external_exports.record(external_exports.string(), transitionSchema))
});
var formalTaskSchema = external_exports.looseObject({
  schema_version: external_exports.literal(FORMAL_TASK_SCHEMA_VERSION).optional(),
  instance_id: external_exports.string().optional(),
  source_type: external_exports.string().optional(),
  source_id: external_exports.string().optional(),
  artifact_id: external_exports.string().optional(),
  automaton: formalMealySchema.optional(),
  hoa: external_exports.string().optional(),
  hoa_path: external_exports.string().optional(),
  tlsf_path: external_exports.string().optional(),
  input_aps: external_exports.array(external_exports.string()).optional(),
  output_aps: external_exports.array(external_exports.string()).optional(),
  output_by_state: external_exports.record(external_exports.string(), external_exports.record(external_exports.string(), bit)).optional(),
  base_trace: external_exports.array(external_exports.record(external_exports.string(), bit)).optional(),
  trace_path: external_exports.string().optional(),
  effect_ap: external_exports.string(),
  t_star: int,
  mode: external_exports.enum(["normal", "hard"]),
  window_size: int.optional(),
  budget_timestep: int,
  budget_atoms: int.nullable().optional(),
  seed: int.nullable().optional(),
  complexity: external_exports.record(external_exports.string(), external_exports.number()).optional(),
  identifiability: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  split_id: external_exports.string().optional(),
  renderer_track: external_exports.string().optional(),
  provenance: external_exports.record(external_exports.string(), external_exports.unknown()).optional()
});
registerSchema("gf01.formal_task.v1", formalTaskSchema);

// src/gf01/formal/loader.ts
function formalTaskToInstance(raw, ctx = {}) {
  const where = { file: ctx.file, field: ctx.field };
  const err = (reason, field) => new InputError3(reason, {
    file: ctx.file,
    field: [ctx.field, field].filter(Boolean).join(".") || void 0
  });
  const task = parseWith(formalTaskSchema, raw, where);
  const readText2 = (rel, field) => {
    if (!ctx.readText)
      throw err(`${field} needs the task to be loaded from a file (use loadFormalTaskFile)`, field);
    return ctx.readText(rel, field);
  };
  const automaton = task.automaton ? task.automaton : automatonFromHoa(task, ctx, readText2, err);
  const baseTrace = loadTrace(task, ctx, readText2, err);
  const windowSize = task.window_size ?? 1;
  validateInstanceFields(automaton, baseTrace, task, windowSize, err);
  const core = {
    instance_id: "",
    automaton,
    base_trace: baseTrace,
    effect_ap: task.effect_ap,
    t_star: task.t_star,
    mode: task.mode,
    window_size: windowSize,
    budget_timestep: task.budget_timestep
  };
  const contentHash = canonicalHash(semanticIdentity(core));
  let provenance = {
    content_hash: contentHash,
    normalization_version: NORMALIZATION_VERSION,
    source_type: task.source_type ?? "formal_artifact",
    source_id: task.source_id ?? task.artifact_id ?? ""
  };
  if (task.provenance) {
    provenance = { ...provenance, ...task.provenance, content_hash: contentHash };
    const nv = provenance.normalization_version;
    provenance.normalization_version = nv === void 0 || nv === null ? NORMALIZATION_VERSION : String(nv);
  }
  if (task.hoa_path) provenance.hoa_path = task.hoa_path;
  if (task.tlsf_path) provenance.tlsf_path = task.tlsf_path;
  return {
    instance_id: task.instance_id || `gf01-${contentHash.slice(0, 12)}`,
    automaton,
    base_trace: baseTrace,
    effect_ap: task.effect_ap,
    t_star: task.t_star,
    mode: task.mode,
    window_size: windowSize,
    budget_timestep: task.budget_timestep,
    budget_atoms: task.budget_atoms ?? null,
    seed: task.seed ?? null,
    complexity: { ...task.complexity ?? {} },
    identifiability: { ...task.identifiability ?? {} },
    split_id: task.split_id ?? "public_dev",
    renderer_track: task.renderer_track ?? "json",
    provenance
  };
}
function automatonFromHoa(task, ctx, readText2, err) {
  let text = (task.hoa ?? "").trim();
  let shownAs = `${ctx.file ?? "task"}#hoa`;
  if (!text) {
    const rel = (task.hoa_path ?? "").trim();
    if (!rel) throw err("formal task needs automaton, hoa, or hoa_path");
    ({ text, shownAs } = readText2(rel, "hoa_path"));
  }
  if (!task.input_aps?.length || !task.output_aps?.length)
    throw err(
      "formal HOA task requires non-empty input_aps and output_aps",
      task.input_aps?.length ? "output_aps" : "input_aps"
    );
  if (!task.output_by_state) throw err("formal HOA task requires output_by_state", "output_by_state");
  const hoa = parseHoa(text, { file: shownAs });
  try {
    return hoaToMealy(hoa, {
      inputAps: task.input_aps,
      outputAps: task.output_aps,
      outputByState: task.output_by_state,
      file: shownAs
    });
  } catch (e) {
    if (e instanceof InputError3 && e.field && e.line === void 0)
      throw new InputError3(e.reason, {
        file: ctx.file,
        field: [ctx.field, e.field].filter(Boolean).join(".")
      });
    throw e;
  }
}
function loadTrace(task, ctx, readText2, err) {
  let raw;
  let traceWhere;
  if (task.base_trace !== void 0) {
    raw = task.base_trace;
    traceWhere = { file: ctx.file, field: [ctx.field, "base_trace"].filter(Boolean).join(".") };
  } else if (task.trace_path !== void 0) {
    const { text, shownAs } = readText2(task.trace_path, "trace_path");
    raw = parseJsonOrJsonl(text, shownAs);
    traceWhere = { file: shownAs, field: "base_trace" };
  } else throw err("formal task is missing base_trace/trace_path", "base_trace");
  if (!Array.isArray(raw) || raw.length === 0)
    throw new InputError3("base_trace must be a non-empty list", traceWhere);
  return raw.map((step, t) => {
    const f = `${traceWhere.field}[${t}]`;
    if (!step || typeof step !== "object" || Array.isArray(step))
      throw new InputError3("base_trace steps must be objects", { file: traceWhere.file, field: f });
    const out = {};
    for (const [k, v] of Object.entries(step)) {
      if (v !== 0 && v !== 1)
        throw new InputError3(`must be binary (0 or 1), got ${JSON.stringify(v)}`, {
          file: traceWhere.file,
          field: `${f}.${k}`
        });
      out[k] = v;
    }
    return out;
  });
}
function parseJsonOrJsonl(text, file) {
  const trimmed = text.trim();
  if (!trimmed) throw new InputError3("empty formal artifact file", { file });
  if (file.toLowerCase().endsWith(".jsonl")) {
    const rows = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      try {
        rows.push(JSON.parse(line));
      } catch (e) {
        throw new InputError3(`invalid JSON: ${e.message}`, { file, line: i + 1 });
      }
    });
    return rows;
  }
  try {
    return JSON.parse(trimmed);
  } catch (e) {
    throw new InputError3(`invalid JSON: ${e.message}`, { file });
  }
}
function validateInstanceFields(a, trace, task, windowSize, err) {
  const dup = (xs) => xs.find((x, i) => xs.indexOf(x) !== i);
  if (dup(a.input_aps) !== void 0) throw err("input_aps must be unique", "input_aps");
  if (dup(a.output_aps) !== void 0) throw err("output_aps must be unique", "output_aps");
  if (a.input_aps.some((ap) => a.output_aps.includes(ap)))
    throw err("input_aps and output_aps must be disjoint", "output_aps");
  if (!a.output_aps.includes(task.effect_ap)) throw err("effect_ap must belong to output_aps", "effect_ap");
  const T = trace.length;
  if (task.t_star < 0 || task.t_star >= T)
    throw err(`t_star out of range (must be in 0..${T - 1})`, "t_star");
  if (windowSize < 1) throw err("window_size must be >= 1", "window_size");
  if (task.budget_timestep < 1 || task.budget_timestep > T)
    throw err(`budget_timestep must be in 1..len(base_trace) = 1..${T}`, "budget_timestep");
  const want = a.input_aps.slice().sort().join("\0");
  trace.forEach((step, t) => {
    if (Object.keys(step).sort().join("\0") !== want)
      throw err(
        `base_trace[${t}] must match input_aps exactly (${JSON.stringify(a.input_aps)})`,
        `base_trace[${t}]`
      );
  });
  const nIn = a.input_aps.length;
  if (nIn > 20) throw err(`too many input APs (${nIn}); at most 20 are supported`, "input_aps");
  const keys = /* @__PURE__ */ new Set();
  for (let sym = 0; sym < 1 << nIn; sym++) keys.add(symbolKey(a.input_aps, sym));
  const outWant = a.output_aps.slice().sort().join("\0");
  for (const state of a.states) {
    const row = Object.hasOwn(a.transitions, state) ? a.transitions[state] : void 0;
    if (!row) throw err(`missing transition map for state ${state}`, "automaton.transitions");
    const rowKeys = Object.keys(row);
    if (rowKeys.length !== keys.size || rowKeys.some((k) => !keys.has(k)))
      throw err(
        `state ${state} does not cover the input-total legal domain`,
        `automaton.transitions.${state}`
      );
    for (const [key, tr] of Object.entries(row)) {
      if (!a.states.includes(tr.next_state))
        throw err(
          `transition from ${state} targets unknown state ${tr.next_state}`,
          `automaton.transitions.${state}.${key}`
        );
      if (Object.keys(tr.output).sort().join("\0") !== outWant)
        throw err(
          `transition ${state}/${key} output valuation must match output_aps exactly`,
          `automaton.transitions.${state}.${key}`
        );
    }
  }
  if (!a.states.includes(a.initial_state))
    throw err(`initial state ${a.initial_state} is not in states`, "automaton.initial_state");
}
function formalBundleToInstances(payload, sourcePath, ctx = {}) {
  let meta = {
    schema_version: FORMAL_BUNDLE_SCHEMA_VERSION,
    normalization_version: NORMALIZATION_VERSION,
    source_path: sourcePath
  };
  let items;
  let prefix = "";
  if (Array.isArray(payload)) items = payload;
  else if (payload && typeof payload === "object") {
    const p = payload;
    meta.source_schema_version = String(p.schema_version ?? FORMAL_TASK_SCHEMA_VERSION);
    if ("instances" in p) {
      items = p.instances;
      prefix = "instances";
      const rest = Object.fromEntries(Object.entries(p).filter(([k]) => k !== "instances"));
      meta = { ...meta, ...rest };
    } else items = [p];
  } else throw new InputError3("formal artifact payload must be an object or list", { file: ctx.file });
  if (!Array.isArray(items))
    throw new InputError3("formal artifact instances must be a list", { file: ctx.file, field: "instances" });
  const many = Array.isArray(payload) || prefix !== "";
  const instances = items.map((item, i) => {
    const field = many ? `${prefix}[${i}]` : void 0;
    if (!item || typeof item !== "object" || Array.isArray(item))
      throw new InputError3("formal artifact instances must be objects", { file: ctx.file, field });
    return formalTaskToInstance(item, { ...ctx, field });
  });
  return { instances, meta };
}

// src/gf01/formal/file.ts
function readTextFile(file, where = { file }) {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError4(
      `cannot read ${file}: ${e.code ?? e.message}`,
      where
    );
  }
}
function fileContext(baseDir, taskFile) {
  return {
    file: taskFile,
    readText: (rel, field) => {
      const full = resolve(baseDir, rel);
      return { text: readTextFile(full, { file: taskFile, field }), shownAs: join(baseDir, rel) };
    }
  };
}
function loadFormalBundleFile(path) {
  let taskPath;
  let override;
  if (existsSync(path) && statSync(path).isDirectory()) {
    taskPath = join(path, "task.json");
    if (!existsSync(taskPath))
      throw new InputError4(`formal artifact directory ${path} must contain task.json`, { file: path });
  } else if (extname(path).toLowerCase() === ".hoa") {
    const stem = path.slice(0, -extname(path).length);
    const found = [`${stem}.task.json`, `${stem}.json`].find((c) => existsSync(c));
    if (!found)
      throw new InputError4(
        `direct HOA ingestion requires a sidecar task JSON next to ${basename(path)} (${basename(stem)}.task.json), or give the task with --hoa FILE --trace \u2026 --effect-ap \u2026 --t-star \u2026 --mode \u2026 --budget-timestep \u2026`,
        {
          file: path
        }
      );
    taskPath = found;
    override = { hoa_path: basename(path) };
  } else taskPath = path;
  let payload = parseJsonOrJsonl(readTextFile(taskPath), taskPath);
  if (override && payload && typeof payload === "object" && !Array.isArray(payload))
    payload = { ...payload, ...override };
  return formalBundleToInstances(payload, path, fileContext(dirname(taskPath), taskPath));
}

// src/gf01/formal/source.ts
function isFormalPath(path) {
  if (extname2(path).toLowerCase() === ".hoa") return true;
  return existsSync2(path) && statSync2(path).isDirectory();
}
var looksLikeTask = (v) => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v;
  if (o.schema_version === FORMAL_TASK_SCHEMA_VERSION) return true;
  return !("instance_id" in o && "automaton" in o) && ("hoa" in o || "hoa_path" in o || "trace_path" in o);
};
function isFormalPayload(v) {
  if (Array.isArray(v)) return v.length > 0 && v.every(looksLikeTask);
  if (!v || typeof v !== "object") return false;
  const o = v;
  if (o.schema_version === FORMAL_BUNDLE_SCHEMA_VERSION) return true;
  if (Array.isArray(o.instances) && o.schema_version === void 0)
    return o.instances.length > 0 && o.instances.every(looksLikeTask);
  return looksLikeTask(o);
}
function instancesAsBundle(instances, meta, file) {
  const byId = /* @__PURE__ */ new Map();
  instances.forEach((inst, i) => {
    const field = instances.length > 1 ? `instances[${i}]` : void 0;
    try {
      compileInstance(inst);
    } catch (e) {
      if (e instanceof InputError5) throw e.at({ file, field });
      throw e;
    }
    if (byId.has(inst.instance_id))
      throw new InputError5(`duplicate instance_id ${inst.instance_id}`, { file, field });
    byId.set(inst.instance_id, inst);
  });
  return { instances: [...instances], meta, byId };
}
function loadFormalSource(path) {
  const { instances, meta } = loadFormalBundleFile(path);
  return instancesAsBundle(instances, meta, path);
}
function readText(file, what) {
  try {
    return readFileSync2(file, "utf8");
  } catch (e) {
    throw new InputError5(
      `cannot read ${what}: ${e.code ?? e.message}`,
      {
        file
      }
    );
  }
}
function jsonArg(value, flag) {
  const v = value.trim();
  if (v.startsWith("[") || v.startsWith("{")) {
    try {
      return JSON.parse(v);
    } catch (e) {
      throw new InputError5(`invalid inline JSON: ${e.message}`, { field: flag });
    }
  }
  return parseJsonOrJsonl(readText(value, flag), value);
}
function loadHoaTask(spec) {
  const text = readText(spec.hoa, "HOA file");
  const hoa = parseHoa(text, { file: spec.hoa });
  const outputByState = spec.outputByState !== void 0 ? jsonArg(spec.outputByState, "output-by-state") : void 0;
  if (outputByState !== void 0 && (!outputByState || typeof outputByState !== "object"))
    throw new InputError5("must be an object {state: {ap: 0|1}}", { field: "output-by-state" });
  if (outputByState && !spec.outputAps?.length)
    throw new InputError5("--output-by-state needs --output-aps", { field: "output-aps" });
  const automaton = hoaToMealy(hoa, {
    // In the state-output reading every HOA AP is an input (outputs live on states).
    inputAps: spec.inputAps ?? (outputByState ? hoa.aps : void 0),
    outputAps: spec.outputAps,
    outputByState,
    file: spec.hoa
  });
  const task = {
    schema_version: FORMAL_TASK_SCHEMA_VERSION,
    source_type: "hoa_cli",
    source_id: basename2(spec.hoa),
    hoa_path: spec.hoa,
    automaton,
    base_trace: jsonArg(spec.trace, "trace"),
    effect_ap: spec.effectAp,
    t_star: spec.tStar,
    mode: spec.mode,
    window_size: spec.windowSize ?? 1,
    budget_timestep: spec.budgetTimestep,
    budget_atoms: spec.budgetAtoms ?? null
  };
  if (spec.instanceId) task.instance_id = spec.instanceId;
  const inst = formalTaskToInstance(task, { file: spec.hoa });
  const meta = {
    schema_version: FORMAL_BUNDLE_SCHEMA_VERSION,
    normalization_version: String(inst.provenance.normalization_version),
    source_path: spec.hoa,
    source_schema_version: FORMAL_TASK_SCHEMA_VERSION
  };
  return instancesAsBundle([inst], meta, spec.hoa);
}

export {
  isFormalPath,
  isFormalPayload,
  instancesAsBundle,
  loadFormalSource,
  loadHoaTask
};
