// The API's JSON body parser: 4 MB for every body, except the entries of the endpoint table that
// declare a larger `bodyLimit` (a notice or a manual page saved with its five 2 MB files, whose upload
// strings weigh 14 MB). Chosen by method and path before routing, so every later middleware (the
// control-character walk, the idempotency fingerprint) sees the parsed body as for any other route.
import express, { type RequestHandler } from 'express';
import { listEndpoints } from '@portal/shared/endpoints/all';

interface Larger {
  readonly method: string;
  readonly path: RegExp;
  readonly parse: RequestHandler;
}

/** `/api/admin/manual/:id/` → /^\/api\/admin\/manual\/[^/]+\/?$/ (Express matches without the final slash too). */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`);

export function jsonBodies(defaultLimit: string): RequestHandler {
  const json = express.json({ limit: defaultLimit });
  const larger: Larger[] = listEndpoints().flatMap(({ endpoint }) =>
    endpoint.bodyLimit
      ? [
          {
            method: endpoint.method.toUpperCase(),
            path: pathPattern(endpoint.path),
            parse: express.json({ limit: endpoint.bodyLimit }),
          },
        ]
      : [],
  );
  return (req, res, next) => {
    const path = `${req.baseUrl}${req.path}`;
    const entry = larger.find((l) => l.method === req.method && l.path.test(path));
    (entry?.parse ?? json)(req, res, next);
  };
}
