import { z } from 'zod';
import { FIELD_MSG } from '../messages.ts';
import { ZPageQuery, zPage } from './pagination.ts';

/** GET /api/employees/ — the organisation chart's people (spec §7.6). */
export const ZEmployeesQuery = ZPageQuery.extend({
  query: z.string().max(100, FIELD_MSG.maxLength('検索文字列', 100)).optional(),
  organization: z.coerce.number().int().positive().optional().catch(undefined),
  below: z.enum(['1', '0']).optional().catch(undefined),
});
export type TEmployeesQuery = z.infer<typeof ZEmployeesQuery>;

/** One of a person's organisations; a 兼務 is shown in each of them. */
export const ZEmployeePosition = z.object({
  organization_id: z.number().int(),
  organization: z.string(),
  title: z.string(),
  is_head: z.boolean(),
  is_part_time: z.boolean(),
});

/** What a colleague may see of a person: never phone, address, birthday or residence status. */
export const ZEmployeeCard = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kana: z.string(),
  email: z.string(),
  positions: z.array(ZEmployeePosition),
  /** Their Lark open_id, for 「Lark でチャット」 inside Lark; null when not bound. */
  lark_open_id: z.string().nullable(),
});
export type TEmployeeCard = z.infer<typeof ZEmployeeCard>;

export const ZEmployeePage = zPage(ZEmployeeCard);
export type TEmployeePage = z.infer<typeof ZEmployeePage>;
