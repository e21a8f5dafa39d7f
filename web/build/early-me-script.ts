// A Vite plugin: writes into index.html's head the inline script that asks for the signed-in user as
// the page arrives (src/boot/early-me.ts), its settings taken from the modules the app uses. The API
// allows it by its hash (api/src/middleware/spa.ts), so the CSP still allows no other inline script.
import { minifySync } from 'rolldown/utils';
import type { Plugin } from 'vite';
// Relative, not '@portal/shared/…' or '@/…': Vite bundles its config with local files only.
import { account } from '../../shared/src/endpoints/account.ts';
import { AUTH_SCHEME, CAS_TOKEN_HEADER } from '../../shared/src/http.ts';
import { EARLY_REQUEST_GLOBAL, startEarlyMe, type EarlyMeSettings } from '../src/boot/early-me.ts';
import { SESSION_STORAGE_KEY } from '../src/stores/session-storage-key.ts';

export const EARLY_ME_SETTINGS: EarlyMeSettings = {
  storageKey: SESSION_STORAGE_KEY,
  // As the API client builds it (src/lib/api-client.ts apiUrl; a test holds the two together).
  url: `${account.me.path}?format=json`,
  authScheme: AUTH_SCHEME,
  casHeader: CAS_TOKEN_HEADER,
  global: EARLY_REQUEST_GLOBAL,
};

/** The script's text: the function's own source, called with the settings, minified. */
export function earlyMeScript(settings: EarlyMeSettings = EARLY_ME_SETTINGS): string {
  const source = `(${startEarlyMe.toString()})(${JSON.stringify(settings)});`;
  const { code, errors } = minifySync('early-me.js', source);
  if (errors.length > 0 || !code.includes(settings.url))
    throw new Error('early-me: the script did not minify');
  return code.trim();
}

const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

export function earlyMePlugin(): Plugin {
  return {
    name: 'portal-early-me',
    // Right after the charset, before any stylesheet: a classic script after a stylesheet's link waits
    // for the stylesheet. The build fails rather than ship a page without it.
    transformIndexHtml: (html) => {
      const charset = CHARSET.exec(html);
      if (!charset) throw new Error('early-me: index.html has no <meta charset> to follow');
      const at = charset.index + charset[0].length;
      return `${html.slice(0, at)}\n    <script>${earlyMeScript()}</script>${html.slice(at)}`;
    },
  };
}
