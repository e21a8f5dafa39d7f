import { z } from 'zod';
import { ORG_LEVELS } from '../codes.ts';

/** GET /api/organizations/ — spec §3.4 plus the level and head the org chart needs. */
export const ZOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  level: z.enum(ORG_LEVELS.map((l) => l.value) as [string, ...string[]]),
  head_name: z.string().nullable(),
  /** The people in it and below, as the organisation chart lists them (`employees/`). */
  member_count: z.number().int(),
});
export type TOrganization = z.infer<typeof ZOrganization>;
