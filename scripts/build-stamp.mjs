// What a build is made from: a hash of the sources and build settings of the web app, the server
// and the shared package. `npm run build` writes it beside the build; `npm start` rebuilds only
// when it differs.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIP = new Set(['node_modules', 'dist', 'test', '.vite', 'coverage']);
const ROOTS = ['apps/server/src', 'packages/shared/src', 'apps/web'];
const FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.build.json',
  'scripts/build.mjs',
];

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The stamp of the sources under `root` (hex SHA-256 of every path and its bytes). */
export function sourceStamp(root) {
  const hash = createHash('sha256');
  const files = [...ROOTS.flatMap((r) => [...walk(join(root, r))]), ...FILES.map((f) => join(root, f))];
  for (const file of files) {
    let bytes;
    try {
      if (!statSync(file).isFile()) continue;
      bytes = readFileSync(file);
    } catch {
      continue;
    }
    hash.update(relative(root, file)).update('\0').update(bytes).update('\0');
  }
  return hash.digest('hex');
}

/** Where a build records the stamp it was made from. */
export const STAMP_FILE = 'apps/server/dist/.build-stamp';

/** The path of a package's command-line script as `from` (a folder) resolves it, or null if not installed. */
export function binOf(from, pkg, bin) {
  try {
    const manifest = createRequire(join(from, 'package.json')).resolve(`${pkg}/package.json`);
    return join(manifest, '..', bin);
  } catch {
    return null;
  }
}
