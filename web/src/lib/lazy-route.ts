// Route chunks (spec §8.1): a chunk that fails to load, or takes longer than
// CHUNK_LOAD_TIMEOUT_MS, becomes a ChunkLoadError that the route error screen offers to retry.
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/shared/limits';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Loading chunk timed out' : 'Loading chunk failed', { cause });
    this.timedOut = timedOut;
  }
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, cause));
      },
    );
  });
}

/** A component that fails as it renders, with the error its chunk failed with. */
function failedChunk(error: unknown): ComponentType {
  return function FailedChunk() {
    throw error;
  };
}

/**
 * A react-router `lazy` for a module whose default export is the route's component. It never
 * rejects: react-router keeps a route whose `lazy` rejected marked as still loading and renders
 * nothing from its parent down, so a missing chunk blanked the whole shell. A failed chunk becomes a
 * component that throws its ChunkLoadError instead, which the route's own ErrorBoundary (RouteError)
 * shows inside the layout.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await loadChunk(load);
      return { Component: module.default };
    } catch (error) {
      return { Component: failedChunk(error) };
    }
  };
}
