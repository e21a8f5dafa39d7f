// A Vite plugin: writes, for each route of the route table, the built files its screen needs beyond
// the entry (shared/src/route-preloads.ts). The API names them in that route's HTML, so a first
// visit fetches the shell's and the screen's code together with the entry rather than after it.
//
// The routes come from src/app/router.tsx, read as source: every `page('<pattern>', () =>
// import('<module>'))` is a signed-in screen under the shell (`const loadShell = () => import(…)`),
// every `publicPage(…)` alike a screen without it. The build fails when it finds no shell or no page,
// so a change of the table's shape cannot silently drop the preloads.
import { readFileSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { reachable } from './reachable.ts';
// Relative, not '@portal/shared/…': Vite bundles its config with local files only, and Node 20 cannot
// load a TypeScript package from node_modules.
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  type RoutePreloads,
} from '../../shared/src/route-preloads.ts';

export interface RouteModule {
  pattern: string;
  /** The screen's module as written in the import(). */
  module: string;
  /** Whether it renders inside the signed-in shell. */
  inShell: boolean;
}

export interface RouteTable {
  /** The shell's module as written in the import(). */
  shell: string;
  routes: RouteModule[];
}

const CSS_MODULE = /\.css($|\?)/;

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The module of `() => import('<module>')`, or null for anything else. */
function importedBy(node: unknown): string | null {
  if (!isNode(node) || node.type !== 'ArrowFunctionExpression') return null;
  const body = node.body;
  if (!isNode(body) || body.type !== 'ImportExpression') return null;
  const source = body.source;
  return isNode(source) && source.type === 'Literal' && typeof source.value === 'string'
    ? source.value
    : null;
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'type') walk(value, visit);
}

/** The route table as router.tsx declares it. */
export function readRouteTable(source: string, filename: string): RouteTable {
  let shell: string | null = null;
  const routes: RouteModule[] = [];
  walk(parseAst(source, { lang: 'tsx' }, filename), (node) => {
    if (node.type === 'VariableDeclarator' && isNode(node.id) && node.id.name === 'loadShell') {
      shell = importedBy(node.init);
    }
    if (node.type !== 'CallExpression' || !isNode(node.callee) || node.callee.type !== 'Identifier') return;
    const name = node.callee.name;
    if (name !== 'page' && name !== 'publicPage') return;
    const [pattern, load] = node.arguments as unknown[];
    const module = importedBy(load);
    if (!isNode(pattern) || pattern.type !== 'Literal' || typeof pattern.value !== 'string' || !module)
      return;
    routes.push({ pattern: pattern.value, module, inShell: name === 'page' });
  });
  if (!shell) throw new Error(`${filename}: no \`const loadShell = () => import('…')\` found`);
  if (routes.length === 0) throw new Error(`${filename}: no page('…', () => import('…')) found`);
  return { shell, routes };
}

interface BuiltChunk {
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
  isEntry: boolean;
  /** False for a chunk of stylesheets only, which Vite drops from the output and keeps the CSS of. */
  isScript: boolean;
  css: readonly string[];
}

/**
 * Each route's files beyond the entry's: the chunks holding the shell's and the screen's modules and
 * everything they import statically, with their stylesheets. `resolved` maps each module as written
 * to its id in the bundle.
 */
export function routePreloads(
  table: RouteTable,
  resolved: ReadonlyMap<string, string>,
  chunks: readonly BuiltChunk[],
  base: string,
): RoutePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (module: string) => {
    const id = resolved.get(module);
    const chunk = chunks.find((candidate) => id !== undefined && candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`route-preloads: no chunk holds ${module}`);
    return chunk;
  };
  const closure = (roots: readonly BuiltChunk[]) => [
    ...reachable(roots, (chunk) => chunk.imports.flatMap((file) => byFile.get(file) ?? [])),
  ];
  const entry = new Set(closure(chunks.filter((chunk) => chunk.isEntry)));
  const entryCss = new Set([...entry].flatMap((chunk) => chunk.css));
  const shell = chunkOf(table.shell);

  const routes = table.routes.map(({ pattern, module, inShell }): RoutePreload => {
    const files = closure(inShell ? [shell, chunkOf(module)] : [chunkOf(module)]).filter(
      (chunk) => !entry.has(chunk),
    );
    const styles = [...new Set(files.flatMap((chunk) => chunk.css))].filter((css) => !entryCss.has(css));
    return {
      pattern,
      scripts: files.filter((chunk) => chunk.isScript).map((chunk) => `${base}${chunk.fileName}`),
      styles: styles.map((css) => `${base}${css}`),
    };
  });
  return { routes };
}

export function routePreloadsPlugin(routerFile: string): Plugin {
  let base = '/';
  return {
    name: 'portal:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const table = readRouteTable(readFileSync(routerFile, 'utf8'), routerFile);
      const resolved = new Map<string, string>();
      for (const module of [table.shell, ...table.routes.map((route) => route.module)]) {
        const id = (await this.resolve(module, routerFile))?.id;
        if (!id) this.error(`route-preloads: cannot resolve ${module} from ${routerFile}`);
        resolved.set(module, id);
      }
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          imports: output.imports,
          moduleIds: output.moduleIds,
          isEntry: output.isEntry,
          isScript: !output.moduleIds.every((id) => CSS_MODULE.test(id)),
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(table, resolved, chunks, base), null, 2)}\n`,
      });
    },
  };
}
