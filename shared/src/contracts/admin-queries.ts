// The administration console's list queries (issue 14), which only the API parses: classic zod,
// kept apart from the console's body contracts (admin.ts, zod/mini) so the web never loads it.
import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { isValidDate } from '../workflow/field-values.ts';
import { AUDIT_RESOURCES, PEOPLE_SORTS, type TAuditResource } from './admin-codes.ts';
import { ZPageQuery } from './pagination.ts';

export const ZAdminPeopleQuery = ZPageQuery.extend({
  query: z.string().max(100, FIELD_MSG.maxLength('検索文字列', 100)).optional(),
  organization: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(PEOPLE_SORTS).optional().catch(undefined),
  active: z.enum(['1', '0']).optional().catch(undefined),
});
export type TAdminPeopleQuery = z.infer<typeof ZAdminPeopleQuery>;

export const ZAuditQuery = ZPageQuery.extend({
  resource: z
    .enum(AUDIT_RESOURCES.map((r) => r.value) as [TAuditResource, ...TAuditResource[]])
    .optional()
    .catch(undefined),
  object_id: z.coerce.number().int().positive().optional().catch(undefined),
  actor: z.string().max(150).optional().catch(undefined),
  date_from: z.string().refine(isValidDate).optional().catch(undefined),
  date_to: z.string().refine(isValidDate).optional().catch(undefined),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** アクセス記録's filters (issue 34): actor and subject are ids, kind a code, the period Tokyo days. */
export const ZAccessLogQuery = ZPageQuery.extend({
  actor: z.coerce.number().int().positive().optional().catch(undefined),
  subject: z.coerce.number().int().positive().optional().catch(undefined),
  kind: z.string().max(30).optional().catch(undefined),
  date_from: z.string().refine(isValidDate).optional().catch(undefined),
  date_to: z.string().refine(isValidDate).optional().catch(undefined),
});
export type TAccessLogQuery = z.infer<typeof ZAccessLogQuery>;
