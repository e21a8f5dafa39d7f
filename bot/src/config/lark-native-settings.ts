// The Lark-native parts (docs/bot.md "Lark-native"): requests in Lark's Approval Center, quick
// approval from it, approved vacations as Lark time off, and the app badge. Each is off unless
// configured, and a bad or incomplete setting stops the bot at start like any other.
import { z } from 'zod';
import { BotConfigError } from './config-error.ts';

const zSwitch = z.enum(['on', 'off']).default('off');
const zPath = z
  .string()
  .regex(/^\/[\w\-./]*$/, 'a path starting with /')
  .default('/lark/approval');

const ZLarkNativeEnv = z
  .object({
    LARK_APPROVAL_CENTER: zSwitch,
    /** The public URL Lark posts quick approvals to: it reaches LARK_APPROVAL_CALLBACK_PATH on the bot. */
    LARK_APPROVAL_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
    LARK_APPROVAL_CALLBACK_PATH: zPath,
    /** The token Lark sends in every quick-approval callback (the definition's action_callback_token). */
    LARK_APPROVAL_CALLBACK_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    /** With it, Lark encrypts the callback body (action_callback_key). */
    LARK_APPROVAL_CALLBACK_KEY: z.string().min(1).optional(),
    /** What REJECT does from Lark: send back (差戻し, the default) or reject (却下); never reject for vacations. */
    LARK_APPROVAL_REJECT_MEANS: z.enum(['send_back', 'reject']).default('send_back'),
    LARK_TIMEOFF: zSwitch,
    /** Vacation categories (names, comma-separated) that become time off; empty: every category. */
    LARK_TIMEOFF_CATEGORIES: z.string().optional(),
    LARK_BADGE: zSwitch,
    LARK_CALLBACK_PATH: z.string().default('/lark/callback'),
  })
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const quick = env.LARK_APPROVAL_CALLBACK_URL !== undefined;
    if (quick && env.LARK_APPROVAL_CENTER !== 'on')
      problem('LARK_APPROVAL_CALLBACK_URL', 'quick approval needs LARK_APPROVAL_CENTER=on');
    if (quick && !env.LARK_APPROVAL_CALLBACK_TOKEN)
      problem('LARK_APPROVAL_CALLBACK_TOKEN', 'is required with LARK_APPROVAL_CALLBACK_URL');
    if (!quick && (env.LARK_APPROVAL_CALLBACK_TOKEN || env.LARK_APPROVAL_CALLBACK_KEY))
      problem('LARK_APPROVAL_CALLBACK_URL', 'is required with LARK_APPROVAL_CALLBACK_TOKEN or _KEY');
    if (quick && env.LARK_APPROVAL_CALLBACK_PATH === env.LARK_CALLBACK_PATH)
      problem('LARK_APPROVAL_CALLBACK_PATH', 'must differ from LARK_CALLBACK_PATH');
    if (env.LARK_TIMEOFF_CATEGORIES?.trim() && env.LARK_TIMEOFF !== 'on')
      problem('LARK_TIMEOFF_CATEGORIES', 'has no effect without LARK_TIMEOFF=on');
  });

export interface QuickApprovalSettings {
  readonly url: string;
  readonly path: string;
  readonly token: string;
  readonly key: string | undefined;
  readonly rejectMeans: 'send_back' | 'reject';
}

export interface LarkNativeSettings {
  readonly approvalCenter: boolean;
  /** Quick approval from the Approval Center; null: off. */
  readonly quickApproval: QuickApprovalSettings | null;
  /** Approved vacations as Lark time off; null: off. Empty categories: every category. */
  readonly timeoff: { readonly categories: readonly string[] } | null;
  readonly badge: boolean;
}

export const LARK_NATIVE_OFF: LarkNativeSettings = {
  approvalCenter: false,
  quickApproval: null,
  timeoff: null,
  badge: false,
};

export function loadLarkNativeSettings(env: Record<string, string | undefined>): LarkNativeSettings {
  const parsed = ZLarkNativeEnv.safeParse(
    // An empty variable in a .env file means "the default".
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '' && value !== undefined)),
  );
  if (!parsed.success) throw BotConfigError.fromZod(parsed.error);
  const e = parsed.data;
  return {
    approvalCenter: e.LARK_APPROVAL_CENTER === 'on',
    quickApproval:
      e.LARK_APPROVAL_CALLBACK_URL && e.LARK_APPROVAL_CALLBACK_TOKEN
        ? {
            url: e.LARK_APPROVAL_CALLBACK_URL,
            path: e.LARK_APPROVAL_CALLBACK_PATH,
            token: e.LARK_APPROVAL_CALLBACK_TOKEN,
            key: e.LARK_APPROVAL_CALLBACK_KEY,
            rejectMeans: e.LARK_APPROVAL_REJECT_MEANS,
          }
        : null,
    timeoff:
      e.LARK_TIMEOFF === 'on'
        ? {
            categories: (e.LARK_TIMEOFF_CATEGORIES ?? '')
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : null,
    badge: e.LARK_BADGE === 'on',
  };
}
