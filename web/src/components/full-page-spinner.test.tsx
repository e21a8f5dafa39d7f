// index.html (read from the web workspace, where its tests run) paints the app's loading screen before any script runs: it must be the very markup the
// app shows while it loads, or the first paint would jump when React takes over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullPageSpinner } from './full-page-spinner.tsx';

const INDEX_HTML = readFileSync(join(process.cwd(), 'index.html'), 'utf8');

describe('the loading screen of index.html', () => {
  it('is FullPageSpinner with its tip, alone in #root', () => {
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="module"/.exec(INDEX_HTML);
    // Prettier breaks the markup into lines: the spaces between tags are not the screen's.
    const markup = root?.[1]?.replace(/>\s+</g, '><').trim();
    expect(markup).toBe(renderToStaticMarkup(<FullPageSpinner tip="読み込み中..." />));
  });
});
