import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import loops, type-only ones included (issue 33, item 3). eslint's import-x/no-cycle skips
 * `import type`, and a type-only loop (medication-doses.ts ↔ medications.service.ts, once) still
 * ties two modules together: neither can move or split without the other. This walks every
 * import and re-export of the sources — values and types — and fails on any loop, naming it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/web/sw', 'packages/shared/src'];
const ALIASES: [string, string][] = [
  ['@/', 'apps/web/src/'],
  ['@tavara/shared/', 'packages/shared/src/'],
];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  for (const [alias, target] of ALIASES) if (specifier.startsWith(alias)) base = target + specifier.slice(alias.length);
  if (!base) return undefined;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [stem, ...EXTENSIONS.map((ext) => stem + ext)])
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return relative(root, join(root, candidate));
  return undefined;
}

/** Every loop among `files`, each as the files in it (Tarjan's strongly connected components). */
export function importLoops(files: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, (m[1] ?? m[2])!))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return loops;
}

describe('no import loops, type-only ones included', () => {
  it('finds a loop made of type imports only (the fixture)', () => {
    const fixture = ['scripts/lint-fixtures/type-cycle/a.ts', 'scripts/lint-fixtures/type-cycle/b.ts'];
    expect(importLoops(fixture)).toEqual([fixture]);
  });

  it('finds none in the sources', () => {
    const loops = importLoops(SOURCES.flatMap(sourceFiles));
    expect(loops.map((loop) => loop.join(' ↔ '))).toEqual([]);
  });
});
