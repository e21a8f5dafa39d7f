// A Vite plugin: writes into index.html's head, before the app's module script, a classic script in
// ES5 that checks what the build needs (module scripts, Object.fromEntries, Promise#finally,
// globalThis, CSS custom properties). Where any is missing it sets `__portalUnsupported` (main.tsx then
// starts nothing) and shows a plain page naming the supported browsers. The API allows it by its hash
// like the early request's (api/src/middleware/spa.ts hashes every inline script of index.html).
import type { Plugin } from 'vite';
// Relative, not '@portal/shared/…': Vite bundles its config with local files only.
import { MSG } from '../../shared/src/messages.ts';

export const UNSUPPORTED_GLOBAL = '__portalUnsupported';
export const SUPPORTED_BROWSERS =
  'Lark アプリ、または最新の Chrome・Edge・Safari・Firefox でご利用ください。';

/** The script's text. ES5 only (a test parses it as ES5): the browsers it is for know no more. */
export function browserCheckScript(): string {
  const text = (value: string) => JSON.stringify(value);
  return [
    '(function(){var ok=false;try{',
    "ok='noModule' in document.createElement('script')",
    "&&typeof Object.fromEntries==='function'",
    "&&typeof Promise!=='undefined'&&typeof Promise.prototype['finally']==='function'",
    "&&typeof globalThis!=='undefined'",
    "&&!!(window.CSS&&CSS.supports&&CSS.supports('--portal-check','0'))",
    '}catch(e){ok=false}',
    'if(ok)return;',
    `window.${UNSUPPORTED_GLOBAL}=true;`,
    'function show(){var b=document.body;while(b.firstChild)b.removeChild(b.firstChild);',
    "var m=document.createElement('main');m.setAttribute('role','main');",
    "m.style.cssText='max-width:32em;margin:3em auto;padding:0 1em;font-family:sans-serif;line-height:1.6';",
    `var h=document.createElement('h1');h.appendChild(document.createTextNode(${text(MSG.unsupportedBrowser)}));`,
    `var p=document.createElement('p');p.appendChild(document.createTextNode(${text(SUPPORTED_BROWSERS)}));`,
    'm.appendChild(h);m.appendChild(p);b.appendChild(m)}',
    "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',show);else show()",
    '})();',
  ].join('');
}

export const NOSCRIPT_MESSAGE = 'この社員ポータルを使うには JavaScript を有効にしてください。';

/** Without scripts, index.html's loading screen would spin for ever beside the message: hidden. */
export const NOSCRIPT_HIDES_LOADING = '<noscript><style>#root{display:none}</style></noscript>';

const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

export function browserCheckPlugin(): Plugin {
  return {
    name: 'portal-browser-check',
    // Right after the charset: before the early request's script and the module script.
    transformIndexHtml: (html) => {
      const charset = CHARSET.exec(html);
      if (!charset) throw new Error('browser-check: index.html has no <meta charset> to follow');
      const at = charset.index + charset[0].length;
      const withScript = `${html.slice(0, at)}\n    <script>${browserCheckScript()}</script>${NOSCRIPT_HIDES_LOADING}${html.slice(at)}`;
      return withScript.replace('<body>', `<body>\n    <noscript>${NOSCRIPT_MESSAGE}</noscript>`);
    },
  };
}
