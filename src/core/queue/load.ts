/**
 * bullmq and ioredis are optional packages (package.json peerDependenciesMeta): only
 * distributed runs and workers need them, and together they weigh ~15 MB on disk, so a default
 * install leaves them out. A missing one is one line, exit 2, naming the command to fix it.
 */
import { InputError } from "../errors.js";
import { MissingPackageError } from "../optional.js";

const NEEDED =
  "distributed runs (--queue, worker) need the optional packages bullmq and ioredis: npm install bullmq ioredis";

async function load<T>(name: string, f: () => Promise<T>): Promise<T> {
  const { importOptional } = await import("../optional.js");
  try {
    return await importOptional(name, "distributed runs", f);
  } catch (e) {
    if (e instanceof MissingPackageError) throw new InputError(NEEDED);
    throw e;
  }
}

export async function loadIoredis(): Promise<typeof import("ioredis").Redis> {
  return (await load("ioredis", () => import("ioredis"))).Redis;
}

export async function loadBullmq(): Promise<typeof import("bullmq")> {
  return await load("bullmq", () => import("bullmq"));
}
