// The load generator of approvals.bench.ts, in its own process so that it never shares the server's
// event loop: reads one run's settings as JSON on stdin, runs autocannon, prints the figures as JSON.
// Latency percentiles come from every response's own time (autocannon's histogram has no p95).
import autocannon from 'autocannon';

export interface LoadRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface LoadSettings {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  /**
   * One request repeated, or a list walked in order. With `once`, the run sends each entry at most
   * once and ends early when the list is used up (approving a node twice answers 409); without, it
   * starts again from the top.
   */
  readonly requests: readonly LoadRequest[];
  readonly once?: boolean;
}

export interface LoadFigures {
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  /** Responses by status code, to tell timeouts and refusals apart when some fail. */
  readonly statuses: Record<string, number>;
  /** A `once` list was used up before the duration ended. */
  readonly exhausted: boolean;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const settings = JSON.parse(await readStdin()) as LoadSettings;
const times: number[] = [];
const statuses: Record<string, number> = {};
const walk = settings.requests.length > 1;
let next = 0;
let instance: autocannon.Instance | undefined;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  instance = autocannon(
    {
      url: settings.url,
      connections: settings.connections,
      duration: settings.duration,
      ...(settings.once ? { maxOverallRequests: settings.requests.length } : {}),

      requests: [
        {
          setupRequest: (request) => {
            const r = settings.requests[walk ? next++ % settings.requests.length : 0]!;
            return { ...request, method: r.method, path: r.path, headers: r.headers, body: r.body };
          },
        },
      ],
    },
    (error, done) => (error ? reject(error as Error) : resolve(done)),
  );
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
});
times.sort((a, b) => a - b);
const seconds = result.duration;
const figures: LoadFigures = {
  requests: times.length,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  seconds,
  rps: times.length / seconds,
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  p99: percentile(times, 99),
  statuses,
  exhausted: settings.once === true && next >= settings.requests.length,
};
process.stdout.write(JSON.stringify(figures));
