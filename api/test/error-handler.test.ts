// The one error middleware: database conflicts become 409, anything unforeseen a generic 500 whose
// cause reaches the log and never the client.
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG, MSG } from '@portal/shared/messages';
import { groups } from '../src/db/schema/users.ts';
import { errorHandler } from '../src/middleware/error-handler.ts';
import { requestLogger } from '../src/middleware/request-logger.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase('empty');
});
afterAll(() => database?.dispose());

function appThrowing(fail: () => Promise<never>) {
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
  const app = express();
  app.use(requestLogger(logger));
  app.get('/boom', async () => fail());
  app.use(errorHandler);
  return app;
}

describe('error middleware', () => {
  it('answers a unique violation from the database with 409 and the Japanese conflict message', async () => {
    const db = database.handle.db;
    await db.insert(groups).values({ name: '重複' });
    const res = await request(
      appThrowing(async () => {
        await db.insert(groups).values({ name: '重複' });
        throw new Error('unreachable');
      }),
    ).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: API_MSG.conflict, code: 'conflict' });
  });

  it('answers a foreign-key violation with 409', async () => {
    const res = await request(
      appThrowing(async () => {
        throw Object.assign(new Error('Failed query'), { cause: { code: '23503' } });
      }),
    ).get('/boom');
    expect(res.status).toBe(409);
  });

  it('answers an unknown error with a generic 500 and keeps the cause in the log', async () => {
    logged.length = 0;
    const res = await request(
      appThrowing(async () => {
        throw new Error('secret connection string postgres://user:pw@db');
      }),
    ).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: MSG.unexpected, code: 'server_error' });
    expect(res.text).not.toContain('postgres://');
    expect(logged.join('\n')).toContain('secret connection string');
  });
});
