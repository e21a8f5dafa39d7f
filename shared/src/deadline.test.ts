import { describe, expect, it } from 'vitest';
import { withinDeadline } from './deadline.ts';

describe('withinDeadline', () => {
  it('answers what the work answers, and passes on its error', async () => {
    await expect(withinDeadline(1_000, async () => 'answer')).resolves.toBe('answer');
    await expect(
      withinDeadline(1_000, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });

  it('ends work that never settles with a TimeoutError at the deadline, its signal aborted', async () => {
    let seen: AbortSignal | undefined;
    const call = withinDeadline(30, (signal) => {
      seen = signal;
      return new Promise<never>(() => {}); // a promise whose ends nobody holds
    });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError', message: 'no answer within 30 ms' });
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('leaves the signal alone once the work has answered', async () => {
    let seen: AbortSignal | undefined;
    await withinDeadline(20, async (signal) => {
      seen = signal;
      return 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen?.aborted).toBe(false);
  });
});
