import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-preloads.ts';

const routes = [
  '/home',
  '/proxies',
  '/proxies/add',
  '/proxies/:id',
  '/expense/upload/',
  '/expense/upload/:id',
  '/task/tasks/approval',
  '/task/tasks/approval/:taskId/nodes/:nodeId',
  '/admin/*',
].map((pattern) => ({ pattern }));

const match = (path: string) => matchRoute(routes, path)?.pattern ?? null;

describe('matchRoute', () => {
  it('finds the static route', () => {
    expect(match('/home')).toBe('/home');
    expect(match('/task/tasks/approval')).toBe('/task/tasks/approval');
  });

  it('prefers a static segment to a parameter, whatever the order given', () => {
    expect(match('/proxies/add')).toBe('/proxies/add');
    expect(match('/proxies/12')).toBe('/proxies/:id');
    expect(matchRoute([...routes].reverse(), '/proxies/add')?.pattern).toBe('/proxies/add');
  });

  it('fills every parameter, and only whole segments', () => {
    expect(match('/task/tasks/approval/3/nodes/9')).toBe('/task/tasks/approval/:taskId/nodes/:nodeId');
    expect(match('/task/tasks/approval/3/nodes')).toBeNull();
    expect(match('/homepage')).toBeNull();
  });

  it('ignores a trailing slash either way', () => {
    expect(match('/home/')).toBe('/home');
    expect(match('/expense/upload')).toBe('/expense/upload/');
    expect(match('/expense/upload/5')).toBe('/expense/upload/:id');
  });

  it('lets a splat take the rest of the path, none included', () => {
    expect(match('/admin/')).toBe('/admin/*');
    expect(match('/admin')).toBe('/admin/*');
    expect(match('/admin/organizations/4')).toBe('/admin/*');
  });

  it('answers null for paths outside the table', () => {
    expect(match('/')).toBeNull();
    expect(match('/unknown/path')).toBeNull();
  });
});
