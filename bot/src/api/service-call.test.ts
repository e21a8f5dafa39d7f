import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZTask } from '@portal/shared/contracts/tasks';
import { ZBotBusinessDays } from '@portal/shared/contracts/bot-reminders';
import { bot } from '@portal/shared/endpoints/bot';
import { tasks } from '@portal/shared/endpoints/tasks';
import { callEndpoint } from './service-call.ts';

const service = { baseUrl: 'http://portal.test', serviceToken: 'secret' };

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('callEndpoint', () => {
  it('sends the entry’s method to its path with the parameters filled in', async () => {
    const fetchMock = stubFetch({ dates: ['2025-08-01'] });
    const answer = await callEndpoint(service, bot.businessDays, ZBotBusinessDays, { year: 2025, month: 8 });
    expect(answer).toEqual({ dates: ['2025-08-01'] });
    expect(fetchMock).toHaveBeenCalledWith(
      'http://portal.test/api/bot/business-days/2025/8/',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('posts the body to the approval of the named node as the Lark user', async () => {
    const fetchMock = stubFetch({});
    await expect(
      callEndpoint(
        service,
        tasks.approveNode,
        ZTask,
        { id: 7, nodeId: 9 },
        { body: { action: 'approve', comment: 'ok' }, openId: 'ou_1' },
      ),
    ).rejects.toThrow();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://portal.test/api/task/tasks/7/nodes/9/approval/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'approve', comment: 'ok' });
  });

  it('ends at its deadline when the answer’s body never finishes, whatever became of the abort', async () => {
    // As Node's fetch can leave a body being read when its signal aborts (nodejs/node#56917): this
    // body ignores the signal and never closes.
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode('{"dates":')),
        });
        return new Response(body, { status: 200 });
      }),
    );
    const call = callEndpoint({ ...service, timeoutMs: 50 }, bot.businessDays, ZBotBusinessDays, {
      year: 2025,
      month: 8,
    });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(signals[0]!.aborted).toBe(true);
  });
});
