import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      // Semi UI's ES build imports its own CSS files: let Vite transform it instead of Node.
      server: { deps: { inline: [/@douyinfe/] } },
      restoreMocks: true,
      // A screen test clicks through several renders; on a loaded two-core CI machine vitest's 5 s
      // default was passed by one that takes about a second alone.
      testTimeout: 15_000,
      // Times are shown in the company's zone; tests compare formatted times.
      env: { TZ: 'Asia/Tokyo' },
    },
  }),
);
