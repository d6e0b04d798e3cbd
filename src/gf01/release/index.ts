/**
 * GF-01 release workflows (docs/gf01-release.md): split and rotation policy, report coverage,
 * freezes, campaigns, release packages and the release-candidate check. Importing this module
 * registers the release artifact schemas.
 */
export * from "./policy.js";
export * from "./report-check.js";
export * from "./freeze.js";
export * from "./schemas.js";
export {
  CAMPAIGN_FILES,
  FREEZE_FILES,
  releaseCandidateCheck,
  releaseGovernanceCheckFile,
  releaseReportCheckFile,
  splitPolicyCheckFile,
  writeFreeze,
} from "./files.js";
export { runCampaign, type CampaignOptions } from "./campaign.js";
export { releasePackage, checkFreezeHashes, checkFreezeRecordFile, RERUN_STEPS } from "./package.js";
