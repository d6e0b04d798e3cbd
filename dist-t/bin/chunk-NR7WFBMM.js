import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PLAYER_ID,
  SERVER_BEST_MATCH_MAX_NODES,
  createPlaySessionHandler,
  startPlayServer
} from "./chunk-J4U2X7H6.js";
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
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  PLAYER_ID,
  SERVER_BEST_MATCH_MAX_NODES,
  createPlaySessionHandler,
  startPlayServer
};
