import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API_ORIGIN = 'http://127.0.0.1:3000';

// Two groups the sign-in page shares with the signed-in screens, each kept in one chunk: left to
// itself the bundler splits them into many small files as more screens import them, and each file
// compressed on its own costs the sign-in page bytes (budget: 150 KB gzip once the form is used).
// The shell's part (the API client, Semi Button, the sign-in logic the shell reuses) loads on every
// page; the forms' part (react-hook-form, Semi Input, the form helpers) only where a form is shown.
const group = (parts: RegExp[]) => new RegExp(parts.map((part) => part.source).join('|'));
const SHELL_SHARED = group([
  /node_modules[\\/]dayjs[\\/]/,
  /node_modules[\\/]lodash[\\/](isNumber|isString)\.js/,
  /semi-ui[\\/]lib[\\/]es[\\/](button|iconButton)[\\/]/,
  /semi-ui[\\/]lib[\\/]es[\\/]_base[\\/]baseComponent/,
  /semi-foundation[\\/]lib[\\/]es[\\/]base[\\/]foundation/,
  /semi-foundation[\\/]lib[\\/]es[\\/]button[\\/]foundation/,
  /src[\\/]components[\\/]alert/,
  /src[\\/]lib[\\/](api-client|api-error|error-messages|dayjs)/,
  /src[\\/]features[\\/]auth[\\/](lib[\\/](login-strategy|session)|api[\\/]get-me)/,
]);
const FORMS_SHARED = group([
  /node_modules[\\/]react-hook-form[\\/]/,
  /semi-ui[\\/]lib[\\/]es[\\/]input[\\/]index/,
  /semi-foundation[\\/]lib[\\/]es[\\/]input[\\/]foundation/,
  /src[\\/]components[\\/]form[\\/]/,
  /src[\\/]lib[\\/]form-errors/,
]);

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
            // Classic zod only: the sign-in form's zod/mini shares zod's core, not the classic API.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/,
              includeDependenciesRecursively: false,
            },
            { name: 'shell-shared', test: SHELL_SHARED },
            { name: 'forms-shared', test: FORMS_SHARED },
          ],
        },
      },
    },
  },
});
