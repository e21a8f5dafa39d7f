// helmet with a CSP the SPA can live with: its own scripts only (plus hosts from config, e.g. Lark's
// H5 SDK), inline styles (Semi UI writes style attributes), data:/blob: images (calendar images,
// attachment previews).
import helmet from 'helmet';
import type { RequestHandler } from 'express';

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
