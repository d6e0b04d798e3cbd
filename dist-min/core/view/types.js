/**
 * The sample viewer's data model, shared by both families. A family adapter turns run files
 * into a `ViewDataset`: one row per sample (a GF-01 episode, a GEB query) with a few list
 * columns, and a `detail(i)` that describes the sample as generic sections. The page renders
 * sections without knowing the family, so everything family-specific lives in the adapter.
 */
export function viewMeta(d) {
    return {
        family: d.family,
        title: d.title,
        columns: d.columns,
        runs: d.runs,
        notes: d.notes,
        total: d.rows.length,
    };
}
export function packRow(r) {
    return [r.run, r.item, r.ok === null ? null : r.ok ? 1 : 0, ...r.cells];
}
//# sourceMappingURL=types.js.map