import { pySplitLines, pyStrip } from "../../pyjson.js";
import { ModelError } from "../errors.js";
import type { CallContext, ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "../types.js";
import { type UserModel, wrapUserModel } from "./module.js";

/**
 * Built-in deterministic "models": offline agents and baselines behind the same interface,
 * so every pipeline (cache, resume, grading, reports) runs without a server. Families
 * register their own (e.g. GEB's ledger baseline, GF-01's agents) with
 * `registerBuiltinModel`; the engine ships two that work from the prompt alone.
 */
export type BuiltinFactory = (options: Record<string, unknown>) => UserModel;

const builtins = new Map<string, { description: string; factory: BuiltinFactory }>();

export function registerBuiltinModel(name: string, description: string, factory: BuiltinFactory): void {
  builtins.set(name, { description, factory });
}

export function listBuiltinModels(): { name: string; description: string }[] {
  return [...builtins]
    .map(([name, b]) => ({ name, description: b.description }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function createBuiltinClient(name: string, options: Record<string, unknown> = {}): ModelClient {
  const b = builtins.get(name);
  if (!b) {
    throw new ModelError(
      "client",
      `unknown built-in model ${name} (known: ${listBuiltinModels()
        .map((x) => x.name)
        .join(", ")})`,
    );
  }
  const descriptor: ClientDescriptor = { kind: "builtin", model: name, endpoint: `builtin:${name}` };
  return wrapUserModel(b.factory(options), descriptor);
}

function lastUserContent(req: ModelRequest): string {
  for (let i = req.messages.length - 1; i >= 0; i--)
    if (req.messages[i].role === "user") return req.messages[i].content;
  return "";
}

// `echo`: returns the last user message verbatim. Round-trip checks of wire encodings.
registerBuiltinModel(
  "echo",
  "returns the prompt verbatim",
  () => (req: ModelRequest) => lastUserContent(req),
);

/** The reference's ledger line grammar (uid, SET/CLEAR, generic key: `tag.08`, `tag.100`, …). */
const READER_KEY = "[A-Za-z][A-Za-z0-9_.:-]*";
const READER_SET_RE = new RegExp(`^- \\[(U[A-F0-9]{6})\\] step=\\d+ SET (${READER_KEY}) = (.+)$`);
const READER_CLEAR_RE = new RegExp(`^- \\[(U[A-F0-9]{6})\\] step=\\d+ CLEAR (${READER_KEY})$`);
const READER_ASK_RE = new RegExp(`What is the (.+?) of (${READER_KEY})\\?`);
const READER_REPORTS_RE = /Which tags currently report to manager (\S+?)\?/;
const READER_INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

interface ReaderState {
  value: string | null;
  op: "SET" | "CLEAR";
  uid: string;
}

/** Latest SET/CLEAR per key of the LEDGER section, in line order (NOTE and other lines skipped). */
function readLedger(section: string): Map<string, ReaderState> {
  let lines = pySplitLines(section);
  // A ledger printed with its `## State Ledger` header (or a whole book): only that section counts.
  const h = lines.findIndex((l) => pyStrip(l) === "## State Ledger");
  if (h !== -1) {
    lines = lines.slice(h + 1);
    const next = lines.findIndex((l) => l.startsWith("## "));
    if (next !== -1) lines = lines.slice(0, next);
  }
  const state = new Map<string, ReaderState>();
  for (const line of lines) {
    if (!line.startsWith("- [")) continue;
    const s = READER_SET_RE.exec(line);
    if (s) {
      state.set(s[2], { value: pyStrip(s[3]), op: "SET", uid: s[1] });
      continue;
    }
    const c = READER_CLEAR_RE.exec(line);
    if (c) state.set(c[2], { value: null, op: "CLEAR", uid: c[1] });
  }
  return state;
}

/** Python `int(raw)` for the generator's integers (underscores allowed); null otherwise. */
function readerInt(raw: string): number | null {
  return READER_INT_RE.test(raw) ? Number.parseInt(raw.replace(/_/g, ""), 10) : null;
}

/**
 * `ledger-reader`: answers a GEB ledger prompt from the prompt text alone (its LEDGER and
 * last QUESTION sections; never gold or structured rows), the way a perfect reader of the
 * ledger would, for every question form the generator writes:
 * - direct `value` (kv, kv_commentary, domain packs' "current policy value for …": the only
 *   key the key-filtered ledger shows), `current counter value` (the integer),
 *   `current member list` (members sorted, duplicates dropped), `current assignee/manager`;
 * - derived `color prefix` (the value before its first `-`), `parity (even or odd)` (of the
 *   counter), `active member count` (distinct members; unknown after a CLEAR) and
 *   `Which tags currently report to manager M?` (keys whose latest value is M, ascending,
 *   citing each key's latest update);
 * - the latest line of a key wins; CLEAR means null (citing the CLEAR); NOTE lines are not
 *   state. Keys use the reference's generic grammar (`tag.100` too).
 * Each answer is what `geb baseline --baseline ledger` (dialect 1.0) derives from the
 * structured ledger, given the ledger the prompt shows: tested as a property over the
 * generator's modes, profiles and derived rates (tests/core/engine/ledger-reader.test.ts).
 * A counter value that is not an integer counts as 0, as the 1.0 generator and baseline say.
 * It replies with the JSON the prompt asks for (no citations in value-only prompts).
 */
export function ledgerReaderAnswer(prompt: string): string {
  const ledgerStart = prompt.lastIndexOf("\nLEDGER:\n");
  const qStart = prompt.lastIndexOf("\nQUESTION:\n");
  if (ledgerStart === -1 || qStart === -1) return "I cannot find a LEDGER and a QUESTION in the prompt.";
  const ledgerEnd = prompt.indexOf("\n\nQUESTION:\n", ledgerStart);
  const state = readLedger(prompt.slice(ledgerStart + 9, ledgerEnd === -1 ? undefined : ledgerEnd));
  const question = prompt.slice(qStart + 11);
  const cite = !prompt.includes("Set support_ids to an empty list []");
  const answer = (value: string | null, support: string[]): string =>
    JSON.stringify({ value, support_ids: cite ? support : [] });

  const reports = READER_REPORTS_RE.exec(question);
  if (reports) {
    const keys = [...state].filter(([, s]) => s.value === reports[1]).map(([k]) => k);
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (keys.length === 0) return answer(null, []);
    return answer(
      keys.join(","),
      keys.map((k) => (state.get(k) as ReaderState).uid),
    );
  }
  const asked = READER_ASK_RE.exec(question);
  let key = asked?.[2];
  // No key in the question (domain packs): the only key the key-filtered ledger shows.
  if (!key && state.size === 1) key = [...state.keys()][0];
  const s = key === undefined ? undefined : state.get(key);
  if (!s) return answer(null, []);
  const support = [s.uid];
  const raw = s.value;
  if (raw === null) return answer(null, support);
  switch (asked?.[1]) {
    case "color prefix":
      return answer(raw ? (raw.split("-")[0] as string) : null, support);
    case "parity (even or odd)":
    case "current counter value": {
      const n = readerInt(raw) ?? 0;
      if (asked[1] === "current counter value") return answer(String(n), support);
      return answer(Math.abs(n) % 2 === 0 ? "even" : "odd", support);
    }
    case "active member count":
      return answer(String(raw ? new Set(raw.split(",")).size : 0), support);
    case "current member list (comma-separated)": {
      const members = raw ? [...new Set(raw.split(","))].sort() : [];
      return answer(members.length ? members.join(",") : null, support);
    }
    default:
      return answer(raw, support);
  }
}

registerBuiltinModel(
  "ledger-reader",
  "GEB: answers every generated question form (direct and derived) from the prompt's LEDGER section",
  () =>
    (req: ModelRequest, _ctx: CallContext): ModelResponse => ({
      text: ledgerReaderAnswer(lastUserContent(req)),
    }),
);
