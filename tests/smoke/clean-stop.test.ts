// Issue 33, finding 4 and acceptance 4: stopping `npm start` while ten writers write. SIGTERM and SIGINT
// to the process group (systemd, Docker, a terminal's Ctrl+C), SIGTERM to the npm process alone
// (supervisord, `kill $!`) and kill -9 of the starter: each ends with every request the server ran
// answered, the database's shutdown checkpoint written, the lock released, and no server left.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, signIn } from './support/portal-process.ts';
import {
  SHUT_DOWN,
  databaseState,
  gone,
  isAlive,
  killGroup,
  lockRecord,
  npmStart,
  post,
  sleep,
  type Answer,
  type NpmStart,
} from './support/npm-start.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-stop-'));
const started: NpmStart[] = [];
const GENERAL_WORKFLOW_ID = 4;
const WRITERS = 10;

/** Every answered write, over all rounds: what the database must hold afterwards, exactly. */
const answeredIds = new Set<number>();
let baseline: Set<number> | null = null;

async function taskIds(base: string, access: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await call<{ next: string | null; results: { id: number }[] }>(
      base,
      'GET',
      `/api/task/tasks/?filter=unresolved&page=${page}`,
      undefined,
      access,
    );
    expect(res.status).toBe(200);
    for (const task of res.body.results) ids.add(task.id);
    if (!res.body.next) return ids;
  }
}

interface Write extends Answer {
  readonly sentAt: number;
  readonly answeredAt: number;
}

/**
 * Ten writers submitting requests until the server stops answering; `signal` is called once they are
 * in full swing. Events are numbered in the order they happen, so "sent before the signal and
 * answered after it" needs no clock.
 */
async function writeWhile(portal: NpmStart, access: string, signal: () => void) {
  let event = 0;
  const writes: Write[] = [];
  const writer = async (w: number) => {
    for (let n = 0; ; n++) {
      const sentAt = ++event;
      const answer = await post(
        portal.base,
        `/api/task/workflows/${GENERAL_WORKFLOW_ID}/form/`,
        { title: `停止試験 ${w}-${n}`, content: '内容' },
        access,
      );
      writes.push({ ...answer, sentAt, answeredAt: ++event });
      if (answer.status !== 201) return;
    }
  };
  const running = Array.from({ length: WRITERS }, (_, w) => writer(w));
  while (writes.length < 3 * WRITERS) await sleep(20);
  const signalledAt = ++event;
  signal();
  await Promise.all(running);
  return { writes, signalledAt };
}

async function stopWhileWriting(portal: NpmStart, signal: () => void) {
  const access = await signIn(portal.base, 'yamada');
  baseline ??= await taskIds(portal.base, access);
  const { writes, signalledAt } = await writeWhile(portal, access, signal);
  await portal.exited;
  expect(await gone(portal.serverPid), 'the server outlived its starter').toBe(true);

  for (const write of writes) if (write.status === 201) answeredIds.add(write.id!);
  // Requests were running when the stop began, and they were answered.
  const across = writes.filter((w) => w.sentAt < signalledAt && w.answeredAt > signalledAt);
  expect(across.filter((w) => w.status === 201).length).toBeGreaterThan(0);
  // Nothing answered with an error: a write either completed, met a stopping server (503), or found
  // no server to talk to.
  for (const write of writes) {
    if (write.status !== undefined) expect([201, 503]).toContain(write.status);
    else expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']).toContain(write.error);
  }
  expect(databaseState(dataDir), 'the shutdown checkpoint').toBe(SHUT_DOWN);
  expect(lockRecord(dataDir)).toMatchObject({ pid: portal.serverPid, stoppedAt: expect.any(String) });
}

async function start(viaNpm = true): Promise<NpmStart> {
  const portal = await npmStart(dataDir, {}, { viaNpm });
  started.push(portal);
  return portal;
}

describe('stopping npm start while ten writers write', () => {
  afterAll(async () => {
    for (const portal of started) {
      killGroup(portal.child);
      if (isAlive(portal.serverPid)) process.kill(portal.serverPid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM to the process group', async () => {
    const portal = await start();
    await stopWhileWriting(portal, () => process.kill(-portal.child.pid!, 'SIGTERM'));
  });

  it('SIGINT to the process group (Ctrl+C)', async () => {
    const portal = await start();
    await stopWhileWriting(portal, () => process.kill(-portal.child.pid!, 'SIGINT'));
  });

  it('SIGTERM to the npm process alone', async () => {
    const portal = await start();
    await stopWhileWriting(portal, () => portal.child.kill('SIGTERM'));
  });

  it('kill -9 of the starter (scripts/start.mjs)', async () => {
    const portal = await start(false);
    await stopWhileWriting(portal, () => portal.child.kill('SIGKILL'));
  });

  it('a start during a stop waits for the stopping server instead of refusing', async () => {
    const first = await npmStart(dataDir, { SHUTDOWN_GRACE: '5s' }, { viaNpm: false });
    started.push(first);
    // A request still running (its body never completes) holds the stop for the whole grace period.
    const stuck = net.connect(first.port, '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write(
      'POST /api/token-auth/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    stuck.on('error', () => undefined);
    process.kill(-first.child.pid!, 'SIGTERM');
    for (let i = 0; i < 100 && !lockRecord(dataDir)?.stoppingSince; i++) await sleep(100);
    expect(lockRecord(dataDir)).toMatchObject({ pid: first.serverPid, stoppingSince: expect.any(String) });

    const second = await start(false);
    expect(second.output()).toContain(`Process ${first.serverPid} is stopping; waiting for it to release`);
    expect(isAlive(first.serverPid)).toBe(false);
    expect(second.serverPid).not.toBe(first.serverPid);
    stuck.destroy();
    process.kill(-second.child.pid!, 'SIGTERM');
    await second.exited;
    expect(await gone(second.serverPid)).toBe(true);
    expect(databaseState(dataDir)).toBe(SHUT_DOWN);
  });

  it('kept every answered write, and ran none it did not answer', async () => {
    const portal = await start();
    const access = await signIn(portal.base, 'yamada');
    const now = await taskIds(portal.base, access);
    const added = [...now].filter((id) => !baseline!.has(id)).sort((a, b) => a - b);
    expect(added).toEqual([...answeredIds].sort((a, b) => a - b));
    process.kill(-portal.child.pid!, 'SIGTERM');
    await portal.exited;
    expect(await gone(portal.serverPid)).toBe(true);
  });
});
