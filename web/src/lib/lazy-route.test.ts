import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/shared/limits';
import { ChunkLoadError, lazyPage, loadChunk } from './lazy-route.ts';

afterEach(() => vi.useRealTimers());

describe('route chunks', () => {
  it('gives the loaded component to the router', async () => {
    const Page = () => null;
    await expect(lazyPage(() => Promise.resolve({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('never rejects: a failed chunk becomes a component that throws its ChunkLoadError', async () => {
    const { Component } = await lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )();
    expect(() => (Component as () => null)()).toThrow(ChunkLoadError);
  });

  it('turns a failed chunk into a ChunkLoadError', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: false });
  });

  it(`gives up on a chunk after ${CHUNK_LOAD_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    const early = await Promise.race([pending, Promise.resolve('still loading')]);
    expect(early).toBe('still loading');
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ name: 'ChunkLoadError', timedOut: true });
  });
});
