/**
 * Streaming writer of `gf01.instance_bundle.v1` files, byte-identical to `bundleToJson` of the
 * whole bundle (the official `json.dumps(indent=2, sort_keys=True)`), holding one instance at a
 * time: sorted keys put every envelope key but the seeds/split/hash ones before `instances`,
 * and `instances_hash` (after `instances`) is sha256 over the canonical instance list, fed
 * instance by instance (`[`, each canonical dict, `,` between, `]`), each instance encoded once
 * per form. A legacy list (`--legacy-list`) is the bare indented list.
 */
import type { TextSink } from "../../core/atomic-stream.js";
import { canonicalFromIndented, compareCodePoints, PyJsonEncoder } from "../../core/pyjson.js";
import type { Gf01Instance } from "../model/types.js";
import { InstancesHasher, instanceToDict } from "./bundle.js";
import { GF01_FLOAT_KEYS } from "./meta.js";

const INSTANCES = "instances";

export interface BundleStreamOptions {
  /** Write the bare instance list (official legacy format) instead of a v1 bundle. */
  legacyList?: boolean;
  /** Called with each instance as written (e.g. to collect manifest entries). */
  onInstance?: (inst: Gf01Instance) => void;
}

/**
 * Usage: `begin(meta)` with every envelope key that sorts before `instances` (final values),
 * `add(inst)` per instance in order, then `end(meta)` with the complete envelope (without
 * `instances`/`instances_hash`); `end` returns `instances_hash`. The sink is not committed.
 */
export class BundleStreamWriter {
  private readonly file = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
  private readonly hasher = new InstancesHasher();
  private count = 0;
  private head = "";
  private state: "new" | "open" | "done" = "new";

  constructor(
    private readonly sink: TextSink,
    private readonly opts: BundleStreamOptions = {},
  ) {}

  /** Envelope keys sorting before `instances`, encoded as the whole-bundle writer does. */
  private headOf(meta: Record<string, unknown>): string {
    let s = "";
    for (const k of sortedKeys(meta)) {
      if (compareCodePoints(k, INSTANCES) >= 0) continue;
      s += `${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(meta[k], 1, this.file.keyInfo(k).float)},`;
    }
    return s;
  }

  async begin(meta: Record<string, unknown> = {}): Promise<void> {
    if (this.state !== "new") throw new Error("BundleStreamWriter.begin called twice");
    this.state = "open";
    if (this.opts.legacyList) {
      await this.sink.write("[");
      return;
    }
    this.head = this.headOf(meta);
    await this.sink.write(`{${this.head}${this.file.pad(1)}"${INSTANCES}": [`);
  }

  async add(inst: Gf01Instance): Promise<void> {
    if (this.state !== "open") throw new Error("BundleStreamWriter.add outside begin/end");
    const level = this.opts.legacyList ? 1 : 2;
    const text = this.file.encode(instanceToDict(inst), level);
    // Each instance is encoded once: its canonical bytes (for the hash) come from the text.
    this.hasher.addCanonical(canonicalFromIndented(text));
    this.opts.onInstance?.(inst);
    await this.sink.write(`${this.count++ > 0 ? "," : ""}${this.file.pad(level)}${text}`);
  }

  /** Close the document; returns `instances_hash`. */
  async end(meta: Record<string, unknown> = {}): Promise<string> {
    if (this.state !== "open") throw new Error("BundleStreamWriter.end outside begin");
    this.state = "done";
    const hash = this.hasher.digest();
    if (this.opts.legacyList) {
      await this.sink.write(this.count ? `${this.file.pad(0)}]` : "]");
      return hash;
    }
    // The envelope written up front must be the final one (byte identity with bundleToJson).
    if (this.headOf(meta) !== this.head)
      throw new Error("BundleStreamWriter: envelope keys before 'instances' changed after begin");
    let s = this.count ? `${this.file.pad(1)}]` : "]";
    const tail: Record<string, unknown> = { ...meta, instances_hash: hash };
    for (const k of sortedKeys(tail)) {
      if (compareCodePoints(k, INSTANCES) <= 0) continue;
      s += `,${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(tail[k], 1, this.file.keyInfo(k).float)}`;
    }
    await this.sink.write(`${s}${this.file.pad(0)}}`);
    return hash;
  }
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort(compareCodePoints);
}

/**
 * Write `dumpJsonFile(obj)` (indent 2, sorted keys, GF-01 float keys) to `sink` piece by piece:
 * the list under `listKey` one item at a time, so no whole-document string is built (a 100k
 * manifest is ~30 MB of text). Same bytes as `dumpJsonFile(obj)`.
 */
export async function writeIndentedObject(
  sink: TextSink,
  obj: Record<string, unknown>,
  listKey: string,
): Promise<void> {
  const enc = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
  const keys = sortedKeys(obj);
  if (!keys.length) return sink.write("{}");
  let first = true;
  for (const k of keys) {
    const info = enc.keyInfo(k);
    const lead = `${first ? "{" : ","}${enc.pad(1)}${info.head}`;
    first = false;
    const v = obj[k];
    if (k !== listKey || !Array.isArray(v) || v.length === 0) {
      await sink.write(lead + enc.encode(v, 1, info.float));
      continue;
    }
    await sink.write(`${lead}[`);
    for (let i = 0; i < v.length; i++)
      await sink.write(`${i ? "," : ""}${enc.pad(2)}${enc.encode(v[i], 2, info.float)}`);
    await sink.write(`${enc.pad(1)}]`);
  }
  await sink.write(`${enc.pad(0)}}`);
}
