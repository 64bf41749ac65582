/**
 * Vite plugin and code-splitting test for the `landing` chunk: the code a signed-in visit's first
 * screen needs beyond the entry (the shell and the landing page, with every module they import
 * statically). Left to automatic splitting, that code arrives as ~30 chunks shared with other pages,
 * each request with its ~0.8 KB of headers and compressed alone; as one chunk it is a few requests
 * and compresses better. Other pages load it too, since they open inside the shell.
 */
import type { Plugin } from 'vite';

interface Graph {
  ids(): Iterable<string>;
  imports(id: string): readonly string[];
  isEntry(id: string): boolean;
}

/** Modules reachable by static imports from `roots`, less those the entry imports statically. */
export function landingModules(graph: Graph, roots: readonly string[]): Set<string> {
  const reach = (starts: Iterable<string>) => {
    const seen = new Set<string>();
    const queue = [...starts];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...graph.imports(id));
    }
    return seen;
  };
  const all = [...graph.ids()];
  const entry = reach(all.filter((id) => graph.isEntry(id)));
  const starts = all.filter((id) => roots.some((root) => id.endsWith(root)));
  if (starts.length !== roots.length)
    throw new Error(`landing chunk: roots not found among ${roots.join(', ')}`);
  return new Set([...reach(starts)].filter((id) => !entry.has(id)));
}

/** `plugin` records the module graph at the end of the build; `test` is the group's module test. */
export function landingChunk(roots: readonly string[]): { plugin: Plugin; test: (id: string) => boolean } {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'hmi-landing-chunk',
    apply: 'build',
    buildEnd() {
      members = landingModules(
        {
          ids: () => this.getModuleIds(),
          imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
          isEntry: (id) => this.getModuleInfo(id)?.isEntry === true,
        },
        roots,
      );
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
