import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  buildWeb,
  defaultWebDir,
  ensureWebBuild,
  hasWebBuild,
  repoRoot,
  webBuildIsStale
} from "./chunk-UQTYUH3T.js";
import "./chunk-HFM5OLF6.js";
export {
  buildWeb,
  defaultWebDir,
  ensureWebBuild,
  hasWebBuild,
  repoRoot,
  webBuildIsStale
};
