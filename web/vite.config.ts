import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API_ORIGIN = 'http://127.0.0.1:3000';

// What the sign-in page shares with the signed-in screens: the API client, the form helpers,
// react-hook-form, Semi Button and Input, the sign-in logic the shell reuses. Kept in one chunk:
// left to itself the bundler splits them into many small files as more screens import them, and
// each file gzipped on its own costs the sign-in page bytes (budget: 150 KB once the form is used).
const SIGN_IN_SHARED = new RegExp(
  [
    /node_modules[\\/]react-hook-form[\\/]/,
    /semi-ui[\\/]lib[\\/]es[\\/](button|iconButton)[\\/]/,
    /semi-ui[\\/]lib[\\/]es[\\/]input[\\/]index/,
    /semi-foundation[\\/]lib[\\/]es[\\/](button|input)[\\/]foundation/,
    /src[\\/]components[\\/](form[\\/]|alert)/,
    /src[\\/]lib[\\/](api-client|api-error|error-messages|form-errors)/,
    /src[\\/]features[\\/]auth[\\/](lib[\\/](login-strategy|session)|api[\\/]get-me)/,
  ]
    .map((part) => part.source)
    .join('|'),
);

export default defineConfig({
  plugins: [
    react(),
    // Compressed once at build time, at the strongest settings (the API only picks the file): phones
    // in the Lark webview fetch brotli, older clients gzip. index.html is served revalidated: kept too.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${decodeURIComponent(new URL('./src', import.meta.url).pathname)}/` },
    ],
  },
  server: {
    // In production the API serves web/dist on the same origin; in development Vite forwards to it.
    proxy: { '/api': API_ORIGIN },
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
            { name: 'sign-in-shared', test: SIGN_IN_SHARED },
          ],
        },
      },
    },
  },
});
