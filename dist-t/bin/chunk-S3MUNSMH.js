import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/numeric.ts
function roundHalfEven(x, ndigits = 0) {
  if (!Number.isFinite(x)) return x;
  if (ndigits === 0) {
    const f = Math.floor(x);
    const diff = x - f;
    if (diff < 0.5) return f;
    if (diff > 0.5) return f + 1;
    return f % 2 === 0 ? f : f + 1;
  }
  const exact = exactDecimal(x);
  const neg = exact.startsWith("-");
  const body = neg ? exact.slice(1) : exact;
  const [ip, fpRaw = ""] = body.split(".");
  const fp = fpRaw.padEnd(ndigits + 1, "0");
  const keep = ip + fp.slice(0, ndigits);
  const rest = fp.slice(ndigits);
  let n = BigInt(keep);
  const first = rest.charCodeAt(0) - 48;
  const tail = rest.slice(1).replace(/0+$/, "");
  if (first > 5 || first === 5 && tail.length > 0 || first === 5 && n % 2n === 1n) n += 1n;
  const s = n.toString().padStart(ndigits + 1, "0");
  const out = Number(`${s.slice(0, s.length - ndigits)}.${s.slice(s.length - ndigits)}`);
  return neg ? -out : out;
}
function exactDecimal(x) {
  if (Number.isInteger(x)) return BigInt(x).toString();
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const sign = hi >>> 31 ? "-" : "";
  const expBits = hi >>> 20 & 2047;
  let mant = BigInt(hi & 1048575) << 32n | BigInt(lo);
  let exp;
  if (expBits === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = expBits - 1075;
  }
  const k = -exp;
  const digits = (mant * 5n ** BigInt(k)).toString().padStart(k + 1, "0");
  const ip = digits.slice(0, digits.length - k);
  const fp = digits.slice(digits.length - k).replace(/0+$/, "");
  return `${sign}${ip}${fp ? `.${fp}` : ""}`;
}

export {
  roundHalfEven
};
