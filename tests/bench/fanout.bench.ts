// Reminders to everyone (issue 38, scenario 6): N attendance reminder cards (default 50,000; a
// number after the file name sends fewer) queued at once and sent by two bot worker processes (the
// real entry point) sharing Lark's per-app limit through Redis (bot/src/lark/app-limit.ts), to the
// fake Lark, which enforces Lark's limits with sliding windows and answers 230020 beyond them.
// Three runs: the minute limit lifted (a tenant granted more), so 50 a second binds; the same with
// one worker killed (-9) halfway and restarted; the limits as lark.md gives them (50 a second and
// 1,000 a minute: past 1,000 cards the minute binds, so at most 3,000 cards show it in 3 minutes).
// Each prints the rate (first to last arrival), its share of the fastest the limits allow, the
// busiest second and minute, rate-limit answers, duplicates, repeats Lark dropped by uuid, and lost
// cards. Target: ≥ 95 % of the fastest allowed, 0 beyond the limit, 0 duplicates, 0 lost.
// Figures go to docs/benchmarks.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { larkSendJob } from '../../bot/src/context.ts';
import { LARK_MESSAGE_LIMITS, type FakeLarkMessageLimits } from '../support/fakes/fake-lark.ts';
import { drained } from '../bot/support/drained.ts';
import { busiestWindow, reminderPayloads } from '../bot/support/fan-out.ts';
import { startHarness, type Harness } from '../bot/support/harness.ts';
import { recordSection } from './support/record-section.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOT_ENTRY = path.join(ROOT, 'bot/src/index.ts');
const COUNT = Number(process.argv[2] ?? 50_000);
if (!Number.isInteger(COUNT) || COUNT < 100) throw new Error('the number of cards must be an integer ≥ 100');
const TARGET_SHARE = 0.95;
/** Lifted: far beyond what a run sends. */
const NO_MINUTE_LIMIT = 1_000_000_000;
/**
 * The cards of the run under lark.md's minute limit: it binds from the 1,001st card, so three
 * minutes show it; 50,000 would take 50 minutes to show the same.
 */
const MINUTE_RUN_MAX = 3_000;

interface Run {
  readonly name: string;
  readonly limits: FakeLarkMessageLimits;
  readonly kill: boolean;
  readonly count: number;
}

interface Figures {
  readonly run: Run;
  readonly rate: number;
  /** The rate as a share of the fastest the limits allow for this many cards (first to last). */
  readonly share: number;
  readonly busiestSecond: number;
  readonly busiestMinute: number;
  readonly rateLimited: number;
  readonly duplicates: number;
  /** Sends repeated after the kill that Lark dropped by their uuid (posted nothing). */
  readonly repeats: number;
  readonly lost: number;
  readonly failed: number;
  readonly seconds: number;
  readonly load: readonly [number, number];
}

const RUNS: readonly Run[] = [
  {
    name: '50/s only (minute lifted)',
    limits: { ...LARK_MESSAGE_LIMITS, perMinute: NO_MINUTE_LIMIT },
    kill: false,
    count: COUNT,
  },
  {
    name: '50/s only, one worker killed and restarted',
    limits: { ...LARK_MESSAGE_LIMITS, perMinute: NO_MINUTE_LIMIT },
    kill: true,
    count: COUNT,
  },
  {
    name: "lark.md's 50/s and 1,000/min",
    limits: LARK_MESSAGE_LIMITS,
    kill: false,
    count: Math.min(COUNT, MINUTE_RUN_MAX),
  },
];

function startWorker(h: Harness, limits: FakeLarkMessageLimits): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', BOT_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...h.botEnv,
      LARK_RATE_PER_APP: String(limits.perSecond),
      LARK_RATE_PER_APP_MINUTE: String(limits.perMinute),
    },
    stdio: 'ignore',
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** The least time from the first card to the last that the limits allow, sent evenly at the
 * per-second rate: each as early as both sliding windows let it go (at a small count the minute
 * limit lets 1,000 go at 50 a second). Without the minute limit: count / 50 s. */
function fastestSeconds(count: number, limits: FakeLarkMessageLimits): number {
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    at.push(
      Math.max(
        i > 0 ? at[i - 1]! + 1 / limits.perSecond : 0,
        i >= limits.perSecond ? at[i - limits.perSecond]! + 1 : 0,
        i >= limits.perMinute ? at[i - limits.perMinute]! + 60 : 0,
      ),
    );
  }
  return at[count - 1]!;
}

const createCalls = (h: Harness) => h.lark.calls.filter((c) => c === 'POST /open-apis/im/v1/messages').length;

async function measure(h: Harness, run: Run, date: string): Promise<Figures> {
  h.lark.setMessageLimits(run.limits);
  const binding = Math.min(run.limits.perSecond, run.limits.perMinute / 60);
  const before = h.lark.messages.length;
  const rateLimitedBefore = h.lark.rateLimited.count;
  const callsBefore = createCalls(h);
  const { count } = run;
  const payloads = reminderPayloads(count, count, date);
  for (let i = 0; i < count; i += 1000)
    await h.queues.lark.addBulk(payloads.slice(i, i + 1000).map((p) => larkSendJob(p, { bulk: true })));
  const loadAtStart = loadavg()[0]!;
  const workers = [startWorker(h, run.limits), startWorker(h, run.limits)];
  // Half the time at the target rate, plus a minute for the workers to start and a killed one's jobs.
  const timeoutMs = (count / (binding * TARGET_SHARE)) * 1000 * 1.5 + 60_000;
  try {
    if (run.kill) {
      await h.lark.waitForMessages(before + count / 2, timeoutMs);
      await stop(workers[0]!, 'SIGKILL');
      workers[0] = startWorker(h, run.limits);
    }
    await h.lark.waitForMessages(before + count, timeoutMs).catch(() => undefined);
    await drained(h, 60_000).catch(() => undefined);
  } finally {
    await Promise.all(workers.map((w) => stop(w, 'SIGTERM')));
  }
  const posted = h.lark.messages.slice(before);
  const arrivals = posted.map((m) => m.at);
  const seconds = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
  const keys = new Set(posted.map((m) => m.uuid));
  const rateLimited = h.lark.rateLimited.count - rateLimitedBefore;
  return {
    run,
    rate: (posted.length - 1) / seconds,
    share: fastestSeconds(count, run.limits) / seconds,
    busiestSecond: busiestWindow(arrivals, 1000),
    busiestMinute: busiestWindow(arrivals, 60_000),
    rateLimited,
    duplicates: posted.length - keys.size,
    repeats: createCalls(h) - callsBefore - posted.length - rateLimited,
    lost: payloads.filter((p) => !keys.has(p.key)).length,
    failed: await h.queues.lark.getFailedCount(),
    seconds,
    load: [loadAtStart, loadavg()[0]!],
  };
}

const pct = (share: number) => `${(100 * share).toFixed(1)} %`;
const met = (f: Figures) =>
  f.share >= TARGET_SHARE && f.rateLimited === 0 && f.duplicates === 0 && f.lost === 0;

function table(results: readonly Figures[]): string {
  const rows = results.map((f) =>
    [
      f.run.name,
      f.run.count.toLocaleString('en-US'),
      `${f.rate.toFixed(1)} /s`,
      pct(f.share),
      pct(f.rate / LARK_MESSAGE_LIMITS.perSecond),
      `${f.busiestSecond} / ${f.busiestMinute.toLocaleString('en-US')}`,
      String(f.rateLimited),
      `${f.duplicates} / ${f.repeats}`,
      String(f.lost),
      String(f.failed),
      met(f) ? 'met' : 'NOT MET',
    ].join(' | '),
  );
  return [
    '| run | cards | rate | of the fastest allowed | of 50/s | busiest second / minute | beyond limit | duplicates / repeats dropped | lost | failed jobs | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

const SECTION = '## Reminders to everyone (`fanout`, issue 38)';

async function record(results: readonly Figures[]): Promise<void> {
  const section = [
    SECTION,
    '',
    `${COUNT.toLocaleString('en-US')} attendance reminder cards (one per person, keyed as a reminder run keys them) queued ` +
      `at once (under lark.md's minute limit at most ${MINUTE_RUN_MAX.toLocaleString('en-US')}: it binds from the 1,001st), ` +
      'sent by two bot worker processes (`bot/src/index.ts`) sharing one Lark limit in Redis ' +
      '(`bot/src/lark/app-limit.ts`) to the fake Lark, which enforces the limits with sliding windows and answers ' +
      '230020 beyond them. Rate: cards over the time from the first arrival to the last, also as a share of the fastest the ' +
      'limits allow for as many cards. Target: ≥ 95 % of it, nothing beyond it, no duplicate, none lost (also with one worker killed with SIGKILL halfway and ' +
      'restarted). "Repeats dropped": sends of the killed worker’s jobs retried after they had reached Lark, which Lark ' +
      'posts once by their uuid.',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (written by the benchmark; \`npm run bench -- fanout\`, ` +
      `or \`tsx tests/bench/fanout.bench.ts <count>\`):`,
    '',
    table(results),
    '',
    ...results.map(
      (f) =>
        `- ${f.run.name}: ${f.seconds.toFixed(0)} s; load average ${f.load[0].toFixed(1)} at the start, ` +
        `${f.load[1].toFixed(1)} at the end.`,
    ),
    '',
  ].join('\n');
  await recordSection(section);
}

const h = await startHarness();
h.lark.enforceLimits(true);
await h.stopBot();
const results: Figures[] = [];
try {
  for (const [i, run] of RUNS.entries()) {
    // The minute window of the run before must empty first, at Lark and in the shared log.
    if (run.limits.perMinute < NO_MINUTE_LIMIT && i > 0) await new Promise((r) => setTimeout(r, 61_000));
    const figures = await measure(h, run, `2026-04-${String(20 + i).padStart(2, '0')}`);
    results.push(figures);
    console.log(`${run.name}: ${figures.rate.toFixed(1)} /s, ${pct(figures.share)} of the fastest allowed`);
  }
  console.log(`\nReminders to everyone: ${COUNT.toLocaleString('en-US')} cards, two worker processes\n`);
  console.log(table(results));
  await record(results);
  console.log('\nRecorded in docs/benchmarks.md.');
} finally {
  await h.close();
}
if (!results.every(met)) process.exitCode = 1;
