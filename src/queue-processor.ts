/**
 * The sandboxed processor module BullMQ forks for each worker slot (src/core/queue/sandbox.ts):
 * its default export runs one job. Not imported by anything else.
 */
import { sandboxProcessor } from "./core/queue/sandbox.js";
import { JOB_HANDLERS } from "./queue-jobs.js";

export default sandboxProcessor(JOB_HANDLERS);
