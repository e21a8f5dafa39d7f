// Which Lark answers are retried, slow the queue, or fail for good (issue 36, part 5).
import { describe, expect, it } from 'vitest';
import { callLark, LarkError } from './errors.ts';

const refusedInBody = (code: number) => callLark(async () => ({ code, msg: 'refused' }));
const thrown = (status: number, code: number) =>
  callLark(async () => {
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      response: { status, data: { code, msg: 'refused' } },
    });
  });

async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LarkError);
  return (error as LarkError).failure;
}

describe('LarkError.failure', () => {
  it('takes 99991400 for a rate limit whatever HTTP status carries it', async () => {
    expect(await failureOf(refusedInBody(99991400))).toBe('rate_limited');
    expect(await failureOf(thrown(400, 99991400))).toBe('rate_limited');
    expect(await failureOf(thrown(429, 99991400))).toBe('rate_limited');
    expect(await failureOf(thrown(500, 99991400))).toBe('rate_limited');
  });

  it('takes a card older than 14 days (230031), a recalled (230011) or deleted (230110) message as final', async () => {
    for (const code of [230031, 230011, 230110]) {
      expect(await failureOf(thrown(400, code)), String(code)).toBe('final');
      expect(await failureOf(refusedInBody(code)), String(code)).toBe('final');
    }
  });

  it('still retries a server error and an unknown code', async () => {
    expect(await failureOf(thrown(500, 1))).toBe('retry');
    expect(await failureOf(refusedInBody(230002))).toBe('retry');
  });
});
