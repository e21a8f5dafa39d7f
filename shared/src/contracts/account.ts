import { z } from 'zod';

/** spec §3.3 `me`. */
export const ZMeEmployee = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_kana: z.string(),
});
export type TMeEmployee = z.infer<typeof ZMeEmployee>;

export const ZMeDevice = z.object({ id: z.number().int(), token: z.string(), description: z.string() });

export const ZMe = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  employee: ZMeEmployee.nullable(),
  devices: z.array(ZMeDevice),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
});
export type TMe = z.infer<typeof ZMe>;

/** POST /api/account/me/ — exactly the user state of spec §3.3 (statistics come from their own call). */
export const ZUserState = z.object({
  me: ZMe,
  perms: z.array(z.string()),
  organizations: z.array(z.object({ id: z.number().int(), org_name: z.string() })),
  positions: z.array(z.object({ org_name: z.string(), name: z.string(), is_part_time: z.boolean() })),
  latest_contract: z.object({ start_date: z.string(), end_date: z.string().nullable() }).nullable(),
});
export type TUserState = z.infer<typeof ZUserState>;

/** GET /api/account/statistics/ — the sidebar badges. */
export const ZStatistics = z.object({
  unresolved_tasks: z.number().int(),
  approval_tasks: z.number().int(),
});
export type TStatistics = z.infer<typeof ZStatistics>;

/** GET /api/account/task/statistics/ — one count a task list (home screen). */
export const ZTaskStatistics = z.object({
  unresolved: z.number().int(),
  approval: z.number().int(),
  approval_finished: z.number().int(),
  finished: z.number().int(),
  observer: z.number().int(),
});
export type TTaskStatistics = z.infer<typeof ZTaskStatistics>;
