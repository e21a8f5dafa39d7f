// The scale benchmark's measuring tools: percentiles of latencies, a process's resident memory sampled
// while something runs, and timed requests.
import { readFileSync } from 'node:fs';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** Runs `work` while sampling the process's memory every 50 ms: its peak growth over the start, in MB. */
export async function memoryGrowth<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; growthMb: number }> {
  const start = rssMb(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    const value = await work();
    peak = Math.max(peak, rssMb(pid));
    return { value, growthMb: peak - start };
  } finally {
    clearInterval(timer);
  }
}

export interface Timed {
  readonly status: number;
  readonly ms: number;
  readonly text: string;
}

export async function timedFetch(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

/** A download read as it streams: the first byte's time, the whole time and the bytes. */
export async function timedDownload(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  let firstByteMs = NaN;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
  }
  return { status: res.status, firstByteMs, totalMs: performance.now() - started, bytes };
}

/**
 * `count` sequential GETs of `path`, taking the bases in turn (the load balancer's round robin),
 * after one warm-up request on each: the p95 of their times, and any status other than 200.
 */
export async function sampleGet(
  bases: readonly string[],
  path: string,
  headers: Record<string, string>,
  count = 30,
) {
  for (const base of bases) await timedFetch(`${base}${path}`, { headers });
  const times: number[] = [];
  const failures: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const r = await timedFetch(`${bases[i % bases.length]}${path}`, { headers });
    times.push(r.ms);
    bytes = r.text.length;
    if (r.status !== 200) failures.push(r.status);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), failures, bytes };
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** CPU seconds a process has used (user and system, Linux /proc). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once the processes together used under `share` of a core for `quietMs` running (their
 * start-up work, such as the periodic jobs' first turns, is done), or after `timeoutMs`; answers the
 * seconds waited.
 */
export async function settled(pids: readonly number[], share = 0.1, quietMs = 5_000, timeoutMs = 900_000) {
  const started = performance.now();
  const used = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  let quietSince = performance.now();
  let last = used();
  while (performance.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = used();
    if (now - last > share) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) break;
    last = now;
  }
  return (performance.now() - started) / 1000;
}
