export async function writeGebReport(_o: {
  dir: string;
  out?: string;
  png: boolean;
  chromium: string;
  wallMetric: string;
  wallThreshold: number | null;
}): Promise<{ html: string; charts: number; tables: number; pngs: number }> {
  throw new Error("todo");
}
