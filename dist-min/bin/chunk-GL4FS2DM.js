import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/stats/format.ts
function formatInterval(iv, digits = 3) {
  if (!iv || iv.value === null || iv.ci_low === null || iv.ci_high === null) return "-";
  const bd = Math.max(0, digits - 1);
  return `${iv.value.toFixed(digits)} [${iv.ci_low.toFixed(bd)}, ${iv.ci_high.toFixed(bd)}]`;
}
function formatPValue(p) {
  if (p === null || p === void 0) return "-";
  if (p < 1e-3) return "<0.001";
  return p.toFixed(3);
}

export {
  formatInterval,
  formatPValue
};
