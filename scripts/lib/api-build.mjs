// The API compiled once for `npm start` (esbuild, the compiler tsx and vite already use), so the server
// runs as plain `node` with no tsx between it and the process that starts it: tsx relays signals by
// waiting 30 ms twice and then killing the server (issue 33, finding 4). Rebuilt only when a source
// changed, by the same kind of digest stamp as the web (web-build.mjs).
//
// The entry (api/src/index.ts) stays a small chunk of its own: the application is a chunk loaded by a
// dynamic import once the data folder is locked. npm packages stay outside the bundle (node_modules);
// our workspaces (@portal/shared, whose exports are TypeScript sources) are compiled in.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestOfSources } from './source-digest.mjs';

/** What the built API depends on, relative to the repository root. */
const SOURCES = [
  'api/src',
  'api/package.json',
  'shared/src',
  'shared/package.json',
  'package-lock.json',
  'scripts/lib/api-build.mjs',
];

export const API_BUILD_DIR = 'api/dist';
export const API_ENTRY = `${API_BUILD_DIR}/index.js`;

export function apiSourcesDigest(root) {
  return digestOfSources(root, SOURCES);
}

const stampOf = (dir) => path.join(dir, '.sources');

export function apiBuildIsCurrent(root) {
  const stamp = stampOf(path.join(root, API_BUILD_DIR));
  return (
    existsSync(path.join(root, API_ENTRY)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === apiSourcesDigest(root)
  );
}

/**
 * `import.meta.url` keeps meaning the source file's own address (config.ts finds the repository root,
 * db/client.ts the migrations, by paths relative to themselves): it becomes that file's path relative
 * to the build folder, resolved against the chunk, which lies directly in that folder.
 */
function sourceUrls(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** Builds api/dist unless it is current; returns false when the build failed. */
export async function ensureApiBuilt(root, { log = console.log } = {}) {
  if (apiBuildIsCurrent(root)) return true;
  log('Compiling the API (once after each change of its sources)…');
  const { build } = await import('esbuild');
  const digest = apiSourcesDigest(root);
  const outdir = path.join(root, API_BUILD_DIR);
  // Built beside and swapped in, so a start running at the same moment never sees half a build.
  const building = `${outdir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  try {
    await build({
      entryPoints: { index: path.join(root, 'api/src/index.ts') },
      outdir: building,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [
        sourceUrls(outdir),
        {
          name: 'packages-outside',
          setup(b) {
            // Bare imports stay imports, except our own workspaces (TypeScript sources) and JSON
            // data of packages (Node would want an import attribute for it).
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@portal/') || args.path.endsWith('.json')
                ? undefined
                : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  } catch {
    rmSync(building, { recursive: true, force: true });
    return false;
  }
  writeFileSync(stampOf(building), digest);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(building, outdir);
  return true;
}

// `node scripts/lib/api-build.mjs`: build now if needed (the image build runs this via `npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  process.exit((await ensureApiBuilt(root)) ? 0 : 1);
}
