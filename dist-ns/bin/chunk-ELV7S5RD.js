import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  InstancesHasher,
  buildBundle,
  bundleEnvelope,
  bundleSchema,
  bundleSourceName,
  bundleToJson,
  instanceSchema,
  instanceToDict,
  instancesHash,
  loadBundle,
  loadBundleInstance,
  mealySchema,
  parseBundle,
  parseBundleInstance,
  writeBundle
} from "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import "./chunk-LF7XRNB5.js";
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  InstancesHasher,
  buildBundle,
  bundleEnvelope,
  bundleSchema,
  bundleSourceName,
  bundleToJson,
  instanceSchema,
  instanceToDict,
  instancesHash,
  loadBundle,
  loadBundleInstance,
  mealySchema,
  parseBundle,
  parseBundleInstance,
  writeBundle
};
