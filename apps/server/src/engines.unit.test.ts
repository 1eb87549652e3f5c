import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The root package.json promises Node >= 20.19. Every package the server needs at run time (its production
// dependency tree, as installed) must accept that version in its engines.node; @fastify/cookie 11.1 and
// @fastify/static 9.1+ (through cookie@2 / content-disposition@3) once did not (npm's EBADENGINE warning).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NODE_FLOOR = '20.19.0';
const semver = createRequire(import.meta.url)('semver') as { satisfies(v: string, range: string): boolean };

interface Pkg {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: { node?: string };
}

/** The installed package.json of `name` as Node resolves it from `fromDir` (nested node_modules first), or null. */
function resolvePackage(name: string, fromDir: string): { dir: string; pkg: Pkg } | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) {
      return { dir: path.dirname(fs.realpathSync(candidate)), pkg: JSON.parse(fs.readFileSync(candidate, 'utf8')) };
    }
    if (dir === path.dirname(dir)) return null;
  }
}

/** Walks the production dependency tree from a workspace package; returns every installed package once. */
function productionTree(startDir: string): { id: string; engines?: string }[] {
  const seen = new Map<string, { id: string; engines?: string }>();
  const start = JSON.parse(fs.readFileSync(path.join(startDir, 'package.json'), 'utf8')) as Pkg;
  const queue: { dir: string; deps: string[] }[] = [{ dir: startDir, deps: Object.keys(start.dependencies ?? {}) }];
  while (queue.length) {
    const { dir, deps } = queue.shift()!;
    for (const name of deps) {
      const found = resolvePackage(name, dir);
      if (!found || seen.has(found.dir)) continue;
      const { pkg } = found;
      seen.set(found.dir, { id: `${pkg.name}@${pkg.version}`, engines: pkg.engines?.node });
      queue.push({
        dir: found.dir,
        deps: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})],
      });
    }
  }
  return [...seen.values()];
}

describe('Node version support', () => {
  it(`every production dependency of the server accepts Node ${NODE_FLOOR}`, () => {
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Pkg;
    expect(root.engines?.node).toBe('>=20.19');
    const tree = productionTree(path.join(ROOT, 'apps/server'));
    expect(tree.length).toBeGreaterThan(50);
    expect(tree.map((p) => p.id)).toContain('@ip/contract@0.1.0');
    const excluded = tree
      .filter((p) => p.engines && !semver.satisfies(NODE_FLOOR, p.engines))
      .map((p) => `${p.id} (engines.node ${p.engines})`);
    expect(excluded).toEqual([]);
  });
});
