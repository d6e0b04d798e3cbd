/**
 * The "look up, else make and remember" step of the two-level caches and accumulators (per
 * instance then per option, per metric then per cluster). Works for Map and WeakMap alike.
 */
export function getOrCreate<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
