import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from './change-feed.ts';
import { versionedCache } from './versioned-cache.ts';

/** A feed driven by the test: its version and trust change only when the test says. */
function manualFeed() {
  const state = { version: 0, trusted: true };
  const feed: ChangeFeed = {
    version: () => state.version,
    trusted: () => state.trusted,
    beginWrite: () => () => undefined,
    close: () => Promise.resolve(),
  };
  return { feed, state };
}

/** A loader that counts its calls and answers with the count. */
function counter() {
  let calls = 0;
  return {
    load: () => Promise.resolve(`load ${++calls}`),
    get calls() {
      return calls;
    },
  };
}

describe('versionedCache', () => {
  it('answers from memory while the feed stays at the same version', async () => {
    const { feed } = manualFeed();
    const cache = versionedCache<string>(feed, 10, 'all');
    const source = counter();
    expect(await cache.remember('a', source.load)).toBe('load 1');
    expect(await cache.remember('a', source.load)).toBe('load 1');
    expect(await cache.remember('b', source.load)).toBe('load 2');
    expect(source.calls).toBe(2);
  });

  it('loads again once the feed has moved', async () => {
    const { feed, state } = manualFeed();
    const cache = versionedCache<string>(feed, 10, 'all');
    const source = counter();
    await cache.remember('a', source.load);
    state.version += 1;
    expect(await cache.remember('a', source.load)).toBe('load 2');
    expect(await cache.remember('a', source.load)).toBe('load 2');
  });

  it('neither serves nor keeps anything while the feed is not trusted', async () => {
    const { feed, state } = manualFeed();
    const cache = versionedCache<string>(feed, 10, 'all');
    const source = counter();
    await cache.remember('a', source.load);
    state.trusted = false;
    expect(await cache.remember('a', source.load)).toBe('load 2');
    expect(await cache.remember('a', source.load)).toBe('load 3');
    expect(cache.size).toBe(0);
    state.trusted = true;
    expect(await cache.remember('a', source.load)).toBe('load 4');
    expect(await cache.remember('a', source.load)).toBe('load 4');
  });

  it('uses a value that raced a change once, without keeping it', async () => {
    const { feed, state } = manualFeed();
    const cache = versionedCache<string>(feed, 10, 'all');
    const racing = () => {
      state.version += 1; // a write committed while the value was being read
      return Promise.resolve('read during a write');
    };
    expect(await cache.remember('a', racing)).toBe('read during a write');
    expect(cache.size).toBe(0);
    const source = counter();
    expect(await cache.remember('a', source.load)).toBe('load 1');
  });

  it('keeps at most its limit, dropping the oldest entry first', async () => {
    const { feed } = manualFeed();
    const cache = versionedCache<string>(feed, 2, 'all');
    const source = counter();
    await cache.remember('a', source.load);
    await cache.remember('b', source.load);
    await cache.remember('c', source.load);
    expect(cache.size).toBe(2);
    expect(await cache.remember('b', source.load)).toBe('load 2');
    expect(await cache.remember('a', source.load)).toBe('load 4');
  });
});
