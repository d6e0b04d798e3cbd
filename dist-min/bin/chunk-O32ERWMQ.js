import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  BUNDLED_LINEAR_MODEL,
  loadRows,
  parseRetrievalSpec,
  resolveLinearModelPath,
  runGebModel
} from "./chunk-MCQXORDE.js";
import "./chunk-3SVLQJSD.js";
import "./chunk-BDOI5KDH.js";
import {
  MODEL_RUN_SCHEMA
} from "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-LW3MUNPG.js";
import "./chunk-DMNN6MZC.js";
import "./chunk-TNHSOIRF.js";
import "./chunk-KU3RCWH4.js";
import "./chunk-7FPTHU2P.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-CTXZW2OD.js";
import "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-LD6HLM5A.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-3RFMFL4K.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-TXADI6DU.js";
import "./chunk-4LXGBU3I.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";
export {
  BUNDLED_LINEAR_MODEL,
  MODEL_RUN_SCHEMA,
  loadRows,
  parseRetrievalSpec,
  resolveLinearModelPath,
  runGebModel
};
