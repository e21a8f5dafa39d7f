// helmet with a CSP the SPA can live with: its own scripts only (plus hosts from config, e.g. Lark's
// H5 SDK, and the page's own inline script by its hash: see spa.ts), inline styles (Semi UI writes
// style attributes), data:/blob: images (calendar images, attachment previews).
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { RequestHandler, Response } from 'express';

export interface CspExtras {
  readonly scriptSrc: readonly string[];
  readonly connectSrc: readonly string[];
}

export function securityHeaders(extras: CspExtras): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...extras.scriptSrc],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...extras.connectSrc],
        'frame-src': ["'self'", 'blob:'],
        'worker-src': ["'self'"],
        // The embedded mode is often reached over plain http on a LAN address; upgrading its
        // requests to https would break every asset.
        'upgrade-insecure-requests': null,
      },
    },
  });
}

const CSP_HEADER = 'Content-Security-Policy';

/** The CSP source that allows exactly this inline script's text. */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy with these sources added to its script-src (a policy without one is left as it is). */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) =>
      /^\s*script-src\s/i.test(directive) ? `${directive.trimEnd()} ${sources.join(' ')}` : directive,
    )
    .join(';');
}

/** Allows a page's own inline scripts, on this response only, on top of the policy already set. */
export function allowInlineScripts(res: Response, hashes: readonly string[]): void {
  const policy = res.getHeader(CSP_HEADER);
  if (typeof policy === 'string') res.setHeader(CSP_HEADER, withScriptSources(policy, hashes));
}
