// The signed-in shell as one chunk. Left to itself the bundler cuts what the shell imports into a
// file per set of importers (an icon here, a hook there), and on a phone each file the first visit
// waits for is a round trip. Every signed-in page loads the whole shell anyway, so its modules go
// together. Modules the entry already has stay there; the few the sign-in pages share with the shell
// (an icon, the Lark bridge) join the entry's shared chunk, so the sign-in pages never load the shell.
import path from 'node:path';
import { reachable } from './reachable.ts';
import type { RouteTable } from './route-preloads.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const staticClosure = (graph: ModuleGraph, roots: readonly string[]) =>
  reachable(roots, (id) => graph.getModuleInfo(id)?.importedIds ?? []);

interface ShellSets {
  /** The shell's own modules, the layout module included. */
  shell: Set<string>;
  /** The shell's modules a sign-in page imports too. */
  sharedWithSignIn: Set<string>;
}

/**
 * `name` functions for two code-splitting groups: the shell's chunk, and the modules it shares with
 * the sign-in pages, to add to the entry's shared chunk. `src` is web/src, whose main.tsx is the
 * entry; module paths in the table are as router.tsx writes them ('@/…' or relative to src/app).
 */
export function shellChunks(src: string, table: RouteTable) {
  const file = (module: string) =>
    module.startsWith('@/') ? path.join(src, module.slice(2)) : path.join(src, 'app', module);
  const signIn = table.routes.filter((route) => !route.inShell).map((route) => file(route.module));
  // One chunking pass asks with the same graph for every module: the sets are made once per pass.
  const memo = new WeakMap<ModuleGraph, ShellSets>();
  const setsOf = (graph: ModuleGraph): ShellSets => {
    let sets = memo.get(graph);
    if (!sets) {
      const entry = staticClosure(graph, [path.join(src, 'main.tsx')]);
      const signInModules = staticClosure(graph, signIn);
      const shell = new Set<string>();
      const sharedWithSignIn = new Set<string>();
      for (const module of staticClosure(graph, [file(table.shell)])) {
        if (entry.has(module)) continue;
        (signInModules.has(module) ? sharedWithSignIn : shell).add(module);
      }
      sets = { shell, sharedWithSignIn };
      memo.set(graph, sets);
    }
    return sets;
  };
  return {
    shell: (id: string, graph: ModuleGraph) => (setsOf(graph).shell.has(id) ? 'shell' : null),
    sharedWithSignIn: (id: string, graph: ModuleGraph) => setsOf(graph).sharedWithSignIn.has(id),
  };
}
