// route() checks every answer against its entry's answer schema under tests (config.env 'test'): a
// service that drifts from the contract fails its tests with a 500 naming the entry and the field.
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, io } from '@portal/shared/endpoints/endpoint';
import { endpointRouter, route } from '../src/http/route.ts';
import { createLogger } from '../src/logger.ts';
import { errorHandler } from '../src/middleware/error-handler.ts';
import { requestLogger } from '../src/middleware/request-logger.ts';
import { testConfig } from './support/test-config.ts';

const pass: RequestHandler = (_req, _res, next) => next();
const ZCount = z.object({ count: z.number().int(), at: z.string() });
const count = endpoint('get', '/api/count/', io<{ answer: z.infer<typeof ZCount> }>(), { caller: 'public' });

/** An app with one entry whose handler answers `answer`. */
function appAnswering(answer: unknown, env: 'test' | 'production' = 'test') {
  const on = endpointRouter({ requireAuth: pass, requireService: pass, config: testConfig({ env }) });
  route(on, count, { answer: ZCount }, () => answer as z.infer<typeof ZCount>);
  return express()
    .use(requestLogger(createLogger('silent')))
    .use('/api', on.router)
    .use(errorHandler);
}

afterEach(() => vi.restoreAllMocks());

describe('answers checked against the contract under tests', () => {
  it('lets an answer that keeps the contract through, dates as the client reads them', async () => {
    const at = new Date('2026-11-28T00:00:00Z');
    const res = await request(appAnswering({ count: 3, at }))
      .get('/api/count/')
      .expect(200);
    expect(res.body).toEqual({ count: 3, at: '2026-11-28T00:00:00.000Z' });
  });

  it('answers 500 naming the entry and the field when the answer breaks it', async () => {
    const shown = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await request(appAnswering({ count: '3', at: 'now' }))
      .get('/api/count/')
      .expect(500);
    expect(res.body).toMatchObject({ code: 'server_error' });
    expect(res.body.contract).toContain('GET /api/count/ answered outside its contract');
    expect(res.body.contract).toContain('count');
    expect(shown).toHaveBeenCalledWith(expect.stringContaining('GET /api/count/'));
  });

  it('checks nothing outside tests', async () => {
    const res = await request(appAnswering({ count: '3' }, 'production'))
      .get('/api/count/')
      .expect(200);
    expect(res.body).toEqual({ count: '3' });
  });
});
