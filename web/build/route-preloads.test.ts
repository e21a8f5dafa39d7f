import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_TITLES } from '../src/config/page-titles.ts';
import { readRouteTable, routePreloads, type RouteTable } from './route-preloads.ts';

const ROUTER = path.join(import.meta.dirname, '../src/app/router.tsx');

describe('readRouteTable', () => {
  const table = readRouteTable(readFileSync(ROUTER, 'utf8'), ROUTER);

  it('finds every route of the title table in router.tsx, the signed-in ones under the shell', () => {
    const patterns = Object.keys(PAGE_TITLES).filter((pattern) => pattern !== '*');
    expect(table.routes.map((route) => route.pattern).sort()).toEqual(patterns.sort());
    expect(table.shell).toBe('./layout/app-layout.tsx');
    for (const route of table.routes)
      expect(route.inShell, route.pattern).toBe(!route.pattern.startsWith('/login'));
  });

  it('gives each route the module its import() names', () => {
    const home = table.routes.find((route) => route.pattern === '/home');
    expect(home?.module).toBe('./routes/home.tsx');
    const list = table.routes.find((route) => route.pattern === '/task/tasks/approval');
    expect(list?.module).toBe('@/features/tasks/routes/task-list.tsx');
  });

  it('fails rather than list nothing when the table changes shape', () => {
    expect(() => readRouteTable(`page('/home', () => import('./home.tsx'));`, 'router.tsx')).toThrow(
      /loadShell/,
    );
    expect(() => readRouteTable(`const loadShell = () => import('./layout.tsx');`, 'router.tsx')).toThrow(
      /page/,
    );
  });
});

describe('routePreloads', () => {
  const table: RouteTable = {
    shell: './layout.tsx',
    routes: [
      { pattern: '/home', module: './home.tsx', inShell: true },
      { pattern: '/login', module: './login.tsx', inShell: false },
    ],
  };
  const resolved = new Map([
    ['./layout.tsx', '/src/layout.tsx'],
    ['./home.tsx', '/src/home.tsx'],
    ['./login.tsx', '/src/login.tsx'],
  ]);
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
    fileName,
    moduleIds,
    imports,
    css,
    isEntry: fileName.startsWith('assets/index'),
    isScript: !moduleIds.every((id) => id.endsWith('.css')),
  });
  const chunks = [
    chunk('assets/index-1.js', ['/src/main.tsx'], ['assets/vendor-1.js'], ['assets/style-1.css']),
    chunk('assets/vendor-1.js', ['/node_modules/react/index.js']),
    chunk('assets/shell-1.js', ['/src/layout.tsx', '/src/top-bar.tsx'], ['assets/vendor-1.js']),
    chunk('assets/home-1.js', ['/src/home.tsx'], ['assets/shell-1.js', 'assets/cards-1.js']),
    chunk('assets/cards-1.js', ['/src/cards.css'], [], ['assets/cards-1.css']),
    chunk('assets/login-1.js', ['/src/login.tsx'], ['assets/index-1.js'], ['assets/style-1.css']),
  ];
  const { routes } = routePreloads(table, resolved, chunks, '/');
  const of = (pattern: string) => routes.find((route) => route.pattern === pattern);

  it('lists the shell and the screen with what they import, not what the entry has', () => {
    expect(of('/home')?.scripts.sort()).toEqual(['/assets/home-1.js', '/assets/shell-1.js']);
    expect(of('/login')?.scripts).toEqual(['/assets/login-1.js']);
  });

  it("keeps a stylesheet-only chunk's CSS but not the chunk, which the build drops", () => {
    expect(of('/home')?.styles).toEqual(['/assets/cards-1.css']);
    expect(of('/login')?.styles).toEqual([]);
  });

  it('refuses a module no chunk holds', () => {
    expect(() => routePreloads(table, new Map(), chunks, '/')).toThrow(/no chunk holds/);
  });
});
