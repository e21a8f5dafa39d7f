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
      // Times are shown in the company's zone; tests compare formatted times.
      env: { TZ: 'Asia/Tokyo' },
    },
  }),
);
