import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  CACHE_VERSION,
  DiskCache,
  MemoryCache,
  cacheKey,
  stableStringify
} from "./chunk-TNHSOIRF.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-HFM5OLF6.js";
export {
  CACHE_VERSION,
  DiskCache,
  MemoryCache,
  cacheKey,
  stableStringify
};
