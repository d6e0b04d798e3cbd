import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PY_KEY_ORDER,
  PyFloat,
  PyJsonEncoder,
  PyTuple,
  canonicalEncoder,
  canonicalFromIndented,
  canonicalJson,
  compareCodePoints,
  isPySpace,
  pyFloat,
  pyFloatRepr,
  pyJsonDumps,
  pyJsonString,
  pyKeys,
  pyRepr,
  pySplitLines,
  pyStr,
  pyStrRepr,
  pyStrip
} from "./chunk-KRB3VAEL.js";
import "./chunk-HFM5OLF6.js";
export {
  PY_KEY_ORDER,
  PyFloat,
  PyJsonEncoder,
  PyTuple,
  canonicalEncoder,
  canonicalFromIndented,
  canonicalJson,
  compareCodePoints,
  isPySpace,
  pyFloat,
  pyFloatRepr,
  pyJsonDumps,
  pyJsonString,
  pyKeys,
  pyRepr,
  pySplitLines,
  pyStr,
  pyStrRepr,
  pyStrip
};
