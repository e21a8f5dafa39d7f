// The route table is read from the app's routers: it lists known routes, and exactly as many as the
// modules register.
import express from 'express';
import { listEndpoints } from '@portal/shared/endpoints/all';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { listRoutes, type RouteEntry } from '../src/route-table.ts';
import { testConfig } from './support/test-config.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const { Route } = express.Router as unknown as {
  Route: { prototype: Record<(typeof METHODS)[number], (...args: unknown[]) => unknown> };
};

// Building the app touches no database: the routers only keep the handle.
const build = () =>
  createApp({
    config: testConfig({ cas: { serverUrl: 'https://cas.example.test/cas', singleLogoutPath: '/cas/slo' } }),
    db: {} as Db,
    logger: createLogger('silent'),
  });

afterEach(() => vi.restoreAllMocks());

describe('listRoutes', () => {
  it('lists the routes of every module with their full paths', () => {
    const routes = listRoutes(build());
    const has = (entry: RouteEntry) => expect(routes).toContainEqual(entry);
    has({ method: 'post', path: '/api/token-auth/', module: 'auth' });
    has({ method: 'post', path: '/api/account/cas-logout/', module: 'auth' });
    has({ method: 'post', path: '/cas/slo/', module: 'auth' });
    has({ method: 'get', path: '/api/task/tasks/:id/nodes/', module: 'tasks' });
    has({ method: 'post', path: '/api/task/tasks/:id/nodes/:nodeId/approval/', module: 'tasks' });
    has({ method: 'get', path: '/api/task/business-days/:year/:month/', module: 'calendar' });
    has({ method: 'get', path: '/api/bot/tasks/:id/card/', module: 'bot' });
    has({ method: 'get', path: '/api/health/', module: 'health' });
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists as many routes as the routers register', () => {
    const spies = METHODS.map((method) => vi.spyOn(Route.prototype, method));
    const app = build();
    const registered = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    expect(registered).toBeGreaterThan(50);
    expect(listRoutes(app)).toHaveLength(registered);
  });
});

describe('the endpoint table (shared/src/endpoints/)', () => {
  it('declares every mounted route under its module, and declares nothing that is not mounted', () => {
    const mounted = listRoutes(build()).map((r) => `${r.module} ${r.method} ${r.path}`);
    const declared = listEndpoints().map(
      ({ module, endpoint }) => `${module} ${endpoint.method} ${endpoint.path}`,
    );
    expect(
      mounted.filter((route) => !declared.includes(route)),
      'mounted but not declared',
    ).toEqual([]);
    expect(
      declared.filter((route) => !mounted.includes(route)),
      'declared but not mounted',
    ).toEqual([]);
  });
});
