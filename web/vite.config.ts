import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${decodeURIComponent(new URL('./src', import.meta.url).pathname)}/` },
    ],
  },
  server: {
    // In production the API serves web/dist on the same origin; in development Vite forwards to it.
    proxy: { '/api': API_ORIGIN, '/admin': API_ORIGIN },
  },
  build: {
    // scripts/bench reads dist/.vite/manifest.json to add up the JavaScript each route loads.
    manifest: true,
    // Every browser we serve (Lark's webview, current desktop browsers) supports modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        // Name the shared libraries' chunks; route chunks are named after their route file.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/](@tanstack|zustand)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What the sign-in form shares with the request form (react-hook-form, the form helpers,
            // Semi Button and Input): one chunk, so the task screens importing them too do not split
            // the sign-in page's code into many small files (each gzipped on its own, costing bytes).
            {
              name: 'form',
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]components[\\/](form[\\/]|alert)|src[\\/]lib[\\/]form-errors|semi-ui[\\/]lib[\\/]es[\\/](button|iconButton)[\\/]|semi-ui[\\/]lib[\\/]es[\\/]input[\\/]index|semi-foundation[\\/]lib[\\/]es[\\/](button|input)[\\/]foundation/,
            },
          ],
        },
      },
    },
  },
});
