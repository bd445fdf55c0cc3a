#!/usr/bin/env node
// `npm run build`: the shared package and the server compiled to plain JavaScript
// (packages/shared/dist, apps/server/dist), and the web app (apps/web/dist). Production runs
// `node --conditions=candeia-built apps/server/dist/server.js`: no TypeScript at run time.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binOf, sourceStamp, STAMP_FILE } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = binOf(root, 'typescript', 'bin/tsc');
const vite = binOf(join(root, 'apps/web'), 'vite', 'bin/vite.js');
if (!tsc || !vite) {
  console.error('The build tools are not installed: run `npm install` (with the dev dependencies) first.');
  process.exit(1);
}
const stamp = sourceStamp(root);

function run(label, args, cwd = root) {
  const started = Date.now();
  const r = spawnSync(process.execPath, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    console.error(`Build failed: ${label}.`);
    process.exit(r.status ?? 1);
  }
  console.log(`Built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Copies the files of `from` (recursively) whose names end in `suffix`, keeping the layout. */
function copyAssets(from, to, suffix) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    if (entry.isDirectory()) copyAssets(src, join(to, entry.name), suffix);
    else if (entry.name.endsWith(suffix)) {
      mkdirSync(to, { recursive: true });
      cpSync(src, join(to, entry.name));
    }
  }
}

for (const dir of ['packages/shared/dist', 'apps/server/dist'])
  rmSync(join(root, dir), { recursive: true, force: true });

run('the shared package', [tsc, '-p', 'packages/shared/tsconfig.build.json']);
copyAssets(join(root, 'packages/shared/src/i18n'), join(root, 'packages/shared/dist/i18n'), '.json');

run('the server', [tsc, '-p', 'apps/server/tsconfig.build.json']);
copyAssets(join(root, 'apps/server/src/db/migrations'), join(root, 'apps/server/dist/db/migrations'), '');

run('the web app', [vite, 'build', '--logLevel', 'warn'], join(root, 'apps/web'));

writeFileSync(join(root, STAMP_FILE), `${stamp}\n`);
