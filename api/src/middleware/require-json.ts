// Every API body is JSON (uploads travel as base64 strings inside JSON). A body sent with another
// content type would otherwise reach the handlers as `undefined` and fail with a misleading field
// error, so it is refused up front with 415.
import type { RequestHandler } from 'express';
import { UnsupportedMediaType } from '../errors.ts';

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (hasBody(req.headers) && !req.is('application/json')) {
    next(new UnsupportedMediaType());
    return;
  }
  next();
};
