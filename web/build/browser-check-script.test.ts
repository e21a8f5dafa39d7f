import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import {
  browserCheckPlugin,
  browserCheckScript,
  NOSCRIPT_HIDES_LOADING,
  NOSCRIPT_MESSAGE,
} from './browser-check-script.ts';
import { earlyMePlugin } from './early-me-script.ts';

type Transform = (html: string) => string;
const transformOf = (plugin: { transformIndexHtml?: unknown }) => plugin.transformIndexHtml as Transform;

const INDEX = `<!doctype html><html lang="ja"><head><meta charset="UTF-8" /><title>t</title>
<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

describe('the unsupported-browser check', () => {
  it('is ES5 (old browsers must parse it to say they are unsupported)', () => {
    expect(() => parse(browserCheckScript(), { ecmaVersion: 5 })).not.toThrow();
  });

  it('comes before the early request and the module script, with a <noscript>', () => {
    const html = transformOf(browserCheckPlugin())(transformOf(earlyMePlugin())(INDEX));
    const check = html.indexOf(browserCheckScript());
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(html.indexOf('<script type="module"'));
    expect(check).toBeLessThan(html.indexOf('<script>', check + 1));
    expect(html).toContain(`<noscript>${NOSCRIPT_MESSAGE}</noscript>`);
  });

  it('hides the loading screen in #root when scripts are off, from the head', () => {
    const html = transformOf(browserCheckPlugin())(INDEX);
    const hides = html.indexOf(NOSCRIPT_HIDES_LOADING);
    expect(hides).toBeGreaterThan(0);
    expect(hides).toBeLessThan(html.indexOf('</head>'));
  });
});
