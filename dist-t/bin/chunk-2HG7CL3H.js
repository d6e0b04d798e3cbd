import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  adaptationPolicyError,
  buildRunRecord,
  evaluateToolPolicyError,
  instanceNormalizationVersion,
  officialIssueText,
  officialRowIssues,
  rendererPolicyError,
  runRecordLine,
  runRecordSchema,
  trackToolPolicyError
} from "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  adaptationPolicyError,
  buildRunRecord,
  evaluateToolPolicyError,
  instanceNormalizationVersion,
  officialIssueText,
  officialRowIssues,
  rendererPolicyError,
  runRecordLine,
  runRecordSchema,
  trackToolPolicyError
};
