// Lark refuses two ways (lark.md): HTTP 200 with `code != 0`, or a 4xx/5xx the SDK throws with
// `{code, msg}` in the body. Both become a LarkError saying whether trying again can help.
import { z } from 'zod';
import { countLarkCall } from '../metrics.ts';

/** Rate limited (messages): slow the queue down, do not fail the job. */
export const LARK_RATE_LIMITED = 230020;
/** Rate limited by Lark's frequency control (any Open API), whatever HTTP status carries it. */
export const LARK_FREQUENCY_LIMITED = 99991400;
/** A card older than 14 days can no longer be updated (lark.md "Card updates"). */
export const LARK_CARD_TOO_OLD = 230031;
/** Codes no retry can fix: the user stopped the bot, is outside the app's scope, the content is
 * bad, or the message can no longer be updated (too old, recalled, deleted). */
export const LARK_FINAL_CODES: ReadonlyMap<number, string> = new Map([
  [230053, 'the user stopped the bot'],
  [230013, "the user is outside the bot's availability"],
  [230001, 'bad parameter'],
  [230025, 'content too long'],
  [230099, 'card content error'],
  [LARK_CARD_TOO_OLD, 'the card is older than 14 days and can no longer be updated'],
  [230011, 'the message was recalled'],
  [230110, 'the message was deleted'],
]);

export type LarkFailure = 'rate_limited' | 'final' | 'retry';

export class LarkError extends Error {
  constructor(
    readonly code: number | null,
    readonly httpStatus: number | null,
    readonly larkMsg: string,
  ) {
    super(`Lark ${code ?? httpStatus ?? 'network'}: ${LARK_FINAL_CODES.get(code ?? 0) ?? larkMsg}`);
    this.name = 'LarkError';
  }

  get failure(): LarkFailure {
    if (this.code === LARK_RATE_LIMITED || this.code === LARK_FREQUENCY_LIMITED || this.httpStatus === 429)
      return 'rate_limited';
    if (this.code !== null && LARK_FINAL_CODES.has(this.code)) return 'final';
    return 'retry';
  }
}

const ZThrown = z.object({
  response: z.object({
    status: z.number(),
    data: z.object({ code: z.number().optional(), msg: z.string().optional() }).partial().nullish(),
  }),
});

/** Runs one SDK call; resolves its data, or throws a LarkError. */
export async function callLark<T extends { code?: number | undefined; msg?: string | undefined }>(
  call: () => Promise<T>,
): Promise<T> {
  try {
    const result = await callLarkUncounted(call);
    countLarkCall('ok');
    return result;
  } catch (error) {
    countLarkCall(error instanceof LarkError && error.failure === 'rate_limited' ? 'rate_limited' : 'error');
    throw error;
  }
}

async function callLarkUncounted<T extends { code?: number | undefined; msg?: string | undefined }>(
  call: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    const thrown = ZThrown.safeParse(error);
    if (!thrown.success) throw new LarkError(null, null, (error as Error).message ?? String(error));
    const { status, data } = thrown.data.response;
    throw new LarkError(data?.code ?? null, status, data?.msg ?? '');
  }
  if (result.code !== undefined && result.code !== 0) throw new LarkError(result.code, 200, result.msg ?? '');
  return result;
}
