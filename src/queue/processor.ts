/**
 * The sandboxed processor module BullMQ forks for each worker slot (src/core/queue/sandbox.ts):
 * its default export runs one job. Not imported by anything else.
 */
import { exitWithParent, sandboxProcessor } from "../core/queue/sandbox.js";
import { JOB_HANDLERS } from "./jobs.js";

// A worker killed with -9 takes its sandboxes (and their agents) with it.
exitWithParent();

export default sandboxProcessor(JOB_HANDLERS);
