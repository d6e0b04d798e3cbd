/**
 * The RAG "policy handbook" domain pack (docs/geb/rag.md). One row per policy entry: a short
 * episode whose ledger sets the current value among a superseded value and a NOTE decoy.
 *
 * `stale_doc` and `authority_decoy` entries follow the reference's `build_rag_domain_pack.py`
 * (its default 12 entries give `rag_domain_stale.jsonl` and `rag_domain_authority.jsonl`,
 * byte-identical: tests/geb/rag/domain.test.ts). `exception` entries are ours: the reference
 * ships `rag_domain_exception.jsonl` without a builder, and our recipe for it
 * (configs/rag_domain_exception.json) reproduces the shipped file byte for byte.
 */
import { InputError } from "../../core/errors.js";
import { pyJsonDumps } from "../../core/pyjson.js";

export type DomainBucket = "stale_doc" | "authority_decoy" | "exception";

export interface DomainEntry {
  id: string;
  episode: string;
  key: string;
  label: string;
  policy: string;
  current: string;
  /** Superseded value (stale_doc); null: the entry has none (authority_decoy). */
  old: string | null;
  decoy: string;
  bucket: DomainBucket;
  /** First update uid number; default: continue after the previous entry. */
  uid_start?: number;
  /** exception only: the global rule the exception narrows. */
  base_key?: string;
  base_label?: string;
  base_value?: string;
  /** exception only: the exception line of the document's notes and of the book's chapter. */
  exception_note?: string;
  exception_book?: string;
  /** Wording of the question (default: `label`). */
  question_label?: string;
}

export interface DomainRow {
  id: string;
  episode_id: string;
  schema_version: "1.0";
  document: string;
  book: string;
  question: string;
  gold: { value: string; support_id: string; support_ids: string[] };
  meta: {
    requires_citation: true;
    key: string;
    query_type: "direct";
    state_mode: "kv";
    has_instruction: false;
  };
}

/**
 * Update uid text. The reference builder writes hex (`U00000A`); its shipped exception file has
 * decimal uids (`U000010`), so it was made by something else: an entries file says which.
 */
export type UidFormat = "hex" | "decimal";
const uidText = (n: number, f: UidFormat) =>
  `U${(f === "hex" ? n.toString(16).toUpperCase() : String(n)).padStart(6, "0")}`;

type Update = { op: "SET" | "NOTE"; step: number; uid: string; key: string; value: string };

const READING_RULES = [
  "## Reading Rules",
  "- The STATE LEDGER is authoritative for current policy.",
  "- Only SET/CLEAR lines update state; NOTE lines are commentary.",
  "- Ignore NOTE/INFO lines when deciding the official policy.",
];

function buildRow(e: DomainEntry, uidStart: number, fmt: UidFormat): { row: DomainRow; next: number } {
  const updates: Update[] = [];
  let counter = uidStart;
  const add = (op: Update["op"], key: string, value: string): string => {
    const u = uidText(counter++, fmt);
    updates.push({ op, step: updates.length + 1, uid: u, key, value });
    return u;
  };
  let support: string;
  if (e.bucket === "exception") {
    add("SET", need(e, "base_key"), need(e, "base_value"));
    support = add("SET", e.key, e.current);
    add("NOTE", e.key, e.decoy);
  } else if (e.old) {
    add("SET", e.key, e.old);
    add("NOTE", e.key, e.decoy);
    support = add("SET", e.key, e.current);
    add("NOTE", e.key, e.old);
  } else {
    support = add("SET", e.key, e.current);
    add("NOTE", e.key, e.decoy);
  }
  const title = `# Policy Handbook Episode ${e.episode}`;
  const doc = [title, "", "## Episode Log"];
  for (const u of updates) doc.push(`- [${u.uid}] UPDATE step=${u.step} ${u.op} ${u.key} = ${u.value}`);
  doc.push("", "## Policy Notes", `- Policy: ${e.policy}`);
  if (e.bucket === "exception") doc.push(`- Exception: ${need(e, "exception_note")}`);
  else if (e.old) doc.push(`- Legacy policy: ${e.old} (superseded).`);
  doc.push(`- NOTE: ${e.decoy} appears in older drafts.`);

  const book = [title, "", ...READING_RULES, "", "## Glossary (Tags)"];
  if (e.bucket === "exception") book.push(`- ${need(e, "base_key")}: ${need(e, "base_label")}`);
  book.push(`- ${e.key}: ${e.label}`, "", "## Chapter 1", `Policy: ${e.policy}`);
  if (e.bucket === "exception") book.push(`Exception: ${need(e, "exception_book")}`);
  else if (e.old) book.push(`Legacy policy: ${e.old} (superseded).`);
  book.push(`Decoy text: ${e.decoy} (non-authoritative).`, "", "## State Ledger");
  for (const u of updates) book.push(`- [${u.uid}] step=${u.step} ${u.op} ${u.key} = ${u.value}`);

  const row: DomainRow = {
    id: e.id,
    episode_id: e.episode,
    schema_version: "1.0",
    document: doc.join("\n"),
    book: book.join("\n"),
    question: `Question ${e.id}: What is the current policy value for ${e.question_label ?? e.label}?\nReturn JSON with keys: value, support_ids.`,
    gold: { value: e.current, support_id: support, support_ids: [support] },
    meta: {
      requires_citation: true,
      key: e.key,
      query_type: "direct",
      state_mode: "kv",
      has_instruction: false,
    },
  };
  return { row, next: counter };
}

function need(e: DomainEntry, field: keyof DomainEntry): string {
  const v = e[field];
  if (typeof v !== "string" || !v)
    throw new InputError(`exception entry ${e.id} needs a non-empty string`, { field });
  return v;
}

/** Rows of the entries in order; uids run on from one entry to the next (as the reference). */
export function buildDomainRows(entries: readonly DomainEntry[], uidFormat: UidFormat = "hex"): DomainRow[] {
  let counter = 1;
  return entries.map((e) => {
    const { row, next } = buildRow(e, e.uid_start ?? counter, uidFormat);
    counter = next;
    return row;
  });
}

/** JSONL text as the reference writes it (Python `json.dumps(ensure_ascii=False)`, final newline). */
export function domainJsonl(rows: readonly DomainRow[]): string {
  return `${rows.map((r) => pyJsonDumps(r, { ensureAscii: false })).join("\n")}\n`;
}

/** The reference builder's default entries (its `ENTRIES`: data, 6 stale + 6 authority). */
export const REFERENCE_DOMAIN_ENTRIES: readonly DomainEntry[] = [
  [
    "POL001",
    "tag.00",
    "Data retention days",
    "Customer data retention window.",
    "retention_days=45",
    "retention_days=30",
    "retention_days=90",
  ],
  [
    "POL002",
    "tag.01",
    "Password rotation",
    "Password rotation cadence.",
    "password_rotation_days=90",
    "password_rotation_days=60",
    "password_rotation_days=120",
  ],
  [
    "POL003",
    "tag.02",
    "Incident response",
    "Initial incident response time.",
    "incident_response_hours=4",
    "incident_response_hours=24",
    "incident_response_hours=8",
  ],
  [
    "POL004",
    "tag.03",
    "Access approval",
    "Role required to approve access.",
    "access_approval_role=security_lead",
    "access_approval_role=it_manager",
    "access_approval_role=team_lead",
  ],
  [
    "POL005",
    "tag.04",
    "Data export SLA",
    "Time limit to deliver customer exports.",
    "data_export_sla_days=7",
    "data_export_sla_days=14",
    "data_export_sla_days=30",
  ],
  [
    "POL006",
    "tag.05",
    "Deletion completion",
    "Time to complete deletion requests.",
    "deletion_request_days=30",
    "deletion_request_days=60",
    "deletion_request_days=90",
  ],
  [
    "POL007",
    "tag.06",
    "Log retention",
    "Operational log retention duration.",
    "log_retention_days=180",
    null,
    "log_retention_days=365",
  ],
  [
    "POL008",
    "tag.07",
    "Encryption standard",
    "Required encryption standard for storage.",
    "encryption_standard=AES-256",
    null,
    "encryption_standard=AES-128",
  ],
  [
    "POL009",
    "tag.08",
    "PII sharing",
    "Whether PII sharing is allowed.",
    "pii_sharing=prohibited",
    null,
    "pii_sharing=allowed_with_notice",
  ],
  [
    "POL010",
    "tag.09",
    "Backup frequency",
    "Backup cadence for production systems.",
    "backup_frequency_hours=6",
    null,
    "backup_frequency_hours=24",
  ],
  [
    "POL011",
    "tag.10",
    "Vendor risk review",
    "Vendor risk review cadence.",
    "vendor_review_months=12",
    null,
    "vendor_review_months=24",
  ],
  [
    "POL012",
    "tag.11",
    "MFA requirement",
    "Whether MFA is required for admin access.",
    "mfa_required=yes",
    null,
    "mfa_required=no",
  ],
].map(([episode, key, label, policy, current, old, decoy]) => ({
  id: `${episode}-Q001`,
  episode: episode as string,
  key: key as string,
  label: label as string,
  policy: policy as string,
  current: current as string,
  old,
  decoy: decoy as string,
  bucket: old ? "stale_doc" : "authority_decoy",
}));

/**
 * The reference builder's two files from its default entries: uids are numbered over all 12
 * entries, then the rows are split by bucket.
 */
export function referenceDomainPack(): { stale: string; authority: string } {
  const rows = buildDomainRows(REFERENCE_DOMAIN_ENTRIES);
  const pick = (b: DomainBucket) => rows.filter((_, i) => REFERENCE_DOMAIN_ENTRIES[i]?.bucket === b);
  return { stale: domainJsonl(pick("stale_doc")), authority: domainJsonl(pick("authority_decoy")) };
}
