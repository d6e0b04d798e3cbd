/**
 * "Did you mean": the known key a misspelt one most likely meant. Zod-free, so readers on the
 * lean paths (the sweep's diagnosis thresholds: tests/meta/startup.test.ts) can use it too.
 */

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The known key a misspelt `key` most likely meant (`minimum` → `min`, `sumary_path` →
 * `summary_path`), or undefined when none is close: case and `-`/`_` ignored, then a key that
 * is a prefix of the other, then the nearest by edit distance (≤ 2, or a third of a long key).
 */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");
  const k = norm(key);
  if (k === "") return undefined;
  const same = known.find((c) => norm(c) === k);
  if (same) return same;
  const prefix = known
    .filter((c) => norm(c).length >= 3 && (k.startsWith(norm(c)) || norm(c).startsWith(k)))
    .sort((a, b) => Math.abs(norm(a).length - k.length) - Math.abs(norm(b).length - k.length));
  if (prefix.length > 0) return prefix[0];
  let best: string | undefined;
  let bestD = (k.length <= 3 ? 1 : Math.max(2, Math.floor(k.length / 3))) + 1;
  for (const c of known) {
    const d = editDistance(k, norm(c));
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
