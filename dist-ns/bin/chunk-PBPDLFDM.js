import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  DEFAULT_PIPELINE_CONFIG,
  PipelineConfigSchema,
  checkConfig,
  parseConfigValue,
  pipelineConfigFromEnv,
  pipelineFromCommand,
  readPipelineConfigFile,
  resolvePipelineConfig
} from "./chunk-LW3MUNPG.js";
import {
  EMBEDDERS,
  ENV_PREFIX,
  ENV_VARS,
  ORDERS,
  RERANKERS,
  RETRIEVERS,
  TIE_BREAKS,
  WRONG_TYPES
} from "./chunk-LD6HLM5A.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-HFM5OLF6.js";
export {
  DEFAULT_PIPELINE_CONFIG,
  EMBEDDERS,
  ENV_PREFIX,
  ENV_VARS,
  ORDERS,
  PipelineConfigSchema,
  RERANKERS,
  RETRIEVERS,
  TIE_BREAKS,
  WRONG_TYPES,
  checkConfig,
  parseConfigValue,
  pipelineConfigFromEnv,
  pipelineFromCommand,
  readPipelineConfigFile,
  resolvePipelineConfig
};
