import { z } from 'zod';
import { NEW_PASSWORD_MIN } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';

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
  /** Set by an administrator's password reset: the web asks for a new password before anything else. */
  must_change_password: z.boolean().optional(),
});
export type TMe = z.infer<typeof ZMe>;

export { NEW_PASSWORD_MIN };

/** POST /api/account/password/: the signed-in user's own password (issue 14's must-change flow). */
export const ZPasswordChange = z
  .object({
    current_password: z
      .string(FIELD_MSG.required('現在のパスワード'))
      .min(1, FIELD_MSG.required('現在のパスワード'))
      .max(128, FIELD_MSG.maxLength('現在のパスワード', 128)),
    new_password: z
      .string(FIELD_MSG.required('新しいパスワード'))
      .min(NEW_PASSWORD_MIN, FIELD_MSG.minLength('新しいパスワード', NEW_PASSWORD_MIN))
      .max(128, FIELD_MSG.maxLength('新しいパスワード', 128)),
  })
  .strict()
  .refine((body) => body.new_password !== body.current_password, {
    path: ['new_password'],
    message: '新しいパスワードは現在のパスワードと異なるものにしてください。',
  });
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

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

/** POST /api/account/password/'s answer: the sentence the web shows. */
export const ZPasswordChanged = z.object({ detail: z.string() });
export type TPasswordChanged = z.infer<typeof ZPasswordChanged>;
