import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  MANIFEST,
  MANIFEST_SCHEMA,
  assemble,
  combinedText,
  defaultJobs,
  mergeSweeps,
  readManifest,
  runSweep
} from "./chunk-BS7MYLYA.js";
import "./chunk-NDZHQLMR.js";
import "./chunk-YAGFXQZ2.js";
import "./chunk-TIPRZZUQ.js";
import "./chunk-EH22LCP7.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-7FPTHU2P.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-QNRWR3W5.js";
import "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  MANIFEST,
  MANIFEST_SCHEMA,
  assemble,
  combinedText,
  defaultJobs,
  mergeSweeps,
  readManifest,
  runSweep
};
