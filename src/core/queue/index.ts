/** Distributed runs on BullMQ + Redis (docs/scale.md). */
export { type JobOutcome, type RunJobsOptions, runJobs } from "./coordinator.js";
export { jobIdFor, QUEUE_PROTOCOL_VERSION } from "./ids.js";
export { QUEUE_NAME, QUEUE_PREFIX, QueueUnavailableError, SETTINGS_KEY, SINK_KEY } from "./redis.js";
export { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from "./settings.js";
export { parseQueueUrl, type QueueUrl, queueUrlFlag } from "./url.js";
export { runWorker, type WorkerOptions } from "./worker.js";
