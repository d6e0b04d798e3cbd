/** bullmq and ioredis are loaded lazily: only distributed runs and workers pay for them. */
export async function loadIoredis(): Promise<typeof import("ioredis").Redis> {
  return (await import("ioredis")).Redis;
}

export async function loadBullmq(): Promise<typeof import("bullmq")> {
  return await import("bullmq");
}
