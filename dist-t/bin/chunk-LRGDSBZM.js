import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PLAY_ERROR_SCHEMA_VERSION,
  onlineTrackError,
  playBundle,
  playErrorSchema
} from "./chunk-4M2W4I7I.js";
import "./chunk-YQMPR3RY.js";
import "./chunk-YATXMT6G.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-EA4IENQI.js";
import "./chunk-5A6T2F3E.js";
import "./chunk-IEP6NAQM.js";
import "./chunk-LW3FID2T.js";
import "./chunk-63ISRUDU.js";
import "./chunk-EDYDAUKS.js";
import "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import "./chunk-Z5AODXDI.js";
import "./chunk-7IB7HC4M.js";
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  PLAY_ERROR_SCHEMA_VERSION,
  onlineTrackError,
  playBundle,
  playErrorSchema
};
