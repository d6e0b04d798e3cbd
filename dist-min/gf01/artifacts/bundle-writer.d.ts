/**
 * Streaming writer of `gf01.instance_bundle.v1` files, byte-identical to `bundleToJson` of the
 * whole bundle (the official `json.dumps(indent=2, sort_keys=True)`), holding one instance at a
 * time: sorted keys put every envelope key but the seeds/split/hash ones before `instances`,
 * and `instances_hash` (after `instances`) is sha256 over the canonical instance list, fed
 * instance by instance (`[`, each canonical dict, `,` between, `]`), each instance encoded once
 * per form. A legacy list (`--legacy-list`) is the bare indented list.
 */
import type { TextSink } from "../../core/atomic-stream.js";
import type { Gf01Instance } from "../model/types.js";
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
export declare class BundleStreamWriter {
    private readonly sink;
    private readonly opts;
    private readonly file;
    private readonly hasher;
    private count;
    private head;
    private state;
    constructor(sink: TextSink, opts?: BundleStreamOptions);
    /** Envelope keys sorting before `instances`, encoded as the whole-bundle writer does. */
    private headOf;
    begin(meta?: Record<string, unknown>): Promise<void>;
    add(inst: Gf01Instance): Promise<void>;
    /** Close the document; returns `instances_hash`. */
    end(meta?: Record<string, unknown>): Promise<string>;
}
/**
 * Write `dumpJsonFile(obj)` (indent 2, sorted keys, GF-01 float keys) to `sink` piece by piece:
 * the list under `listKey` one item at a time, so no whole-document string is built (a 100k
 * manifest is ~30 MB of text). Same bytes as `dumpJsonFile(obj)`.
 */
export declare function writeIndentedObject(sink: TextSink, obj: Record<string, unknown>, listKey: string): Promise<void>;
