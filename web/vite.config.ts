import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { browserCheckPlugin } from './build/browser-check-script.ts';
import { earlyMePlugin } from './build/early-me-script.ts';
import { readRouteTable, routePreloadsPlugin } from './build/route-preloads.ts';
import { shellChunks } from './build/shell-chunk.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';
const SRC = decodeURIComponent(new URL('./src', import.meta.url).pathname);
const ROUTER = `${SRC}/app/router.tsx`;
const shell = shellChunks(SRC, readRouteTable(readFileSync(ROUTER, 'utf8'), ROUTER));

// Two groups the sign-in page shares with the signed-in screens, each kept in one chunk: left to
// itself the bundler splits them into many small files as more screens import them, and each file
// compressed on its own costs the sign-in page bytes (budget: 150 KB gzip once the form is used).
// With them, the signed-in shell is one chunk and the entry's other modules stay with the entry.
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
    // Each route's files for the server to name in its HTML (web/build/route-preloads.ts).
    routePreloadsPlugin(ROUTER),
    // The signed-in user asked for as the page arrives, not once the code has run (src/boot/early-me.ts).
    earlyMePlugin(),
    // Old browsers get a plain page saying so, not a broken app (build/browser-check-script.ts).
    browserCheckPlugin(),
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
    alias: [{ find: /^@\//, replacement: `${SRC}/` }],
  },
  server: {
    // In production the API serves web/dist on the same origin; in development Vite forwards to it.
    proxy: { '/api': API_ORIGIN },
  },
  build: {
    // scripts/bench reads dist/.vite/manifest.json to add up the JavaScript each route loads.
    manifest: true,
    // One stylesheet for every screen (25 KB brotli), named in index.html: a screen's first visit
    // waits for no stylesheet of its own, which on a phone was a round trip per screen part.
    cssCodeSplit: false,
    // Every browser we serve (Lark's webview, current desktop browsers) supports modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash].js',
        // Name the shared libraries' chunks; route chunks are named after their route file.
        codeSplitting: {
          groups: [
            // React, the router and the query cache change least: their own chunk outlives deploys.
            // useQueries (the notices' and the manual's images) stays with the screens that use it:
            // in this group the sign-in page would load it too.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|zustand)[\\/](?!.*(useQueries|queriesObserver)\.js$)/,
            },
            // Classic zod only, for the forms that check with shared schemas (zod's core stays apart).
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: (id, graph) =>
                SHELL_SHARED.test(id) || shell.sharedWithSignIn(id, graph) ? 'shell-shared' : null,
              debugName: 'shell-shared',
            },
            { name: 'forms-shared', test: FORMS_SHARED },
            // Whatever else the entry imports stays with it, out of reach of the shell's group.
            { name: 'shell-shared', tags: ['$initial'] },
            // The signed-in shell, one file (web/build/shell-chunk.ts).
            { name: shell.shell, debugName: 'shell' },
          ],
        },
      },
    },
  },
});
