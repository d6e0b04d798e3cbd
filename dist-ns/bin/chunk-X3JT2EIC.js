import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  MAX_PAGE,
  jsonForScript,
  packRow,
  servedPageHtml,
  startViewServer,
  staticViewerHtml,
  viewMeta,
  viewerCsp
} from "./chunk-HRSC6BT4.js";
import "./chunk-K3BHPOQA.js";
import {
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/core/view/index.ts
async function writeStaticViewer(d, out) {
  await writeFileAtomic(out, staticViewerHtml(d));
}
export {
  MAX_PAGE,
  jsonForScript,
  packRow,
  servedPageHtml,
  startViewServer,
  staticViewerHtml,
  viewMeta,
  viewerCsp,
  writeStaticViewer
};
