import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Route chunks are transformed on first use: give lazy screens time to appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; Semi UI and the media-query hook use them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// The confirmation dialog loads lazily in the app; tests take it up front, so a test's first dialog
// does not wait for Semi's Modal to be transformed (seconds on a loaded machine).
await import('@/components/confirm-modal.tsx');
