import { canonicalFromIndented, compareCodePoints, PyJsonEncoder } from "../../core/pyjson.js";
import { InstancesHasher, instanceToDict } from "./bundle.js";
import { GF01_FLOAT_KEYS } from "./meta.js";
const INSTANCES = "instances";
/**
 * Usage: `begin(meta)` with every envelope key that sorts before `instances` (final values),
 * `add(inst)` per instance in order, then `end(meta)` with the complete envelope (without
 * `instances`/`instances_hash`); `end` returns `instances_hash`. The sink is not committed.
 */
export class BundleStreamWriter {
    sink;
    opts;
    file = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
    hasher = new InstancesHasher();
    count = 0;
    head = "";
    state = "new";
    constructor(sink, opts = {}) {
        this.sink = sink;
        this.opts = opts;
    }
    /** Envelope keys sorting before `instances`, encoded as the whole-bundle writer does. */
    headOf(meta) {
        let s = "";
        for (const k of sortedKeys(meta)) {
            if (compareCodePoints(k, INSTANCES) >= 0)
                continue;
            s += `${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(meta[k], 1, this.file.keyInfo(k).float)},`;
        }
        return s;
    }
    async begin(meta = {}) {
        if (this.state !== "new")
            throw new Error("BundleStreamWriter.begin called twice");
        this.state = "open";
        if (this.opts.legacyList) {
            await this.sink.write("[");
            return;
        }
        this.head = this.headOf(meta);
        await this.sink.write(`{${this.head}${this.file.pad(1)}"${INSTANCES}": [`);
    }
    async add(inst) {
        if (this.state !== "open")
            throw new Error("BundleStreamWriter.add outside begin/end");
        const level = this.opts.legacyList ? 1 : 2;
        const text = this.file.encode(instanceToDict(inst), level);
        // Each instance is encoded once: its canonical bytes (for the hash) come from the text.
        this.hasher.addCanonical(canonicalFromIndented(text));
        this.opts.onInstance?.(inst);
        await this.sink.write(`${this.count++ > 0 ? "," : ""}${this.file.pad(level)}${text}`);
    }
    /** Close the document; returns `instances_hash`. */
    async end(meta = {}) {
        if (this.state !== "open")
            throw new Error("BundleStreamWriter.end outside begin");
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
        const tail = { ...meta, instances_hash: hash };
        for (const k of sortedKeys(tail)) {
            if (compareCodePoints(k, INSTANCES) <= 0)
                continue;
            s += `,${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(tail[k], 1, this.file.keyInfo(k).float)}`;
        }
        await this.sink.write(`${s}${this.file.pad(0)}}`);
        return hash;
    }
}
function sortedKeys(o) {
    return Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort(compareCodePoints);
}
/**
 * Write `dumpJsonFile(obj)` (indent 2, sorted keys, GF-01 float keys) to `sink` piece by piece:
 * the list under `listKey` one item at a time, so no whole-document string is built (a 100k
 * manifest is ~30 MB of text). Same bytes as `dumpJsonFile(obj)`.
 */
export async function writeIndentedObject(sink, obj, listKey) {
    const enc = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
    const keys = sortedKeys(obj);
    if (!keys.length)
        return sink.write("{}");
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
//# sourceMappingURL=bundle-writer.js.map