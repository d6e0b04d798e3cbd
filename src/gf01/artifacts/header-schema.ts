/**
 * The zod shape of the identity every GF-01 artifact header carries: `family_id`, the component
 * versions (artifacts/meta.ts VERSION_FIELDS) and `git_commit`, in the official order. Spread
 * into the bundle, run-row and release schemas so the headers cannot drift apart. A function:
 * each schema gets its own zod instances (no schema is shared between exported JSON Schemas).
 */
import { z } from "zod";
import { FAMILY_ID, VERSION_FIELDS } from "./meta.js";

type VersionField = (typeof VERSION_FIELDS)[number];

export function identityShape(): { family_id: z.ZodLiteral<typeof FAMILY_ID> } & Record<
  VersionField | "git_commit",
  z.ZodString
> {
  const strings = Object.fromEntries([...VERSION_FIELDS, "git_commit"].map((k) => [k, z.string()]));
  return {
    family_id: z.literal(FAMILY_ID),
    ...(strings as Record<VersionField | "git_commit", z.ZodString>),
  };
}
