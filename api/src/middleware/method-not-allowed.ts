import type { RequestHandler } from 'express';
import { MethodNotAllowed } from '../errors.ts';

/** Closes every route: a known path asked with another method answers 405, not 404. */
export const methodNotAllowed: RequestHandler = (_req, _res, next) => next(new MethodNotAllowed());
