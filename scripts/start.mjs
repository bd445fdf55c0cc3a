#!/usr/bin/env node
// `npm start`: runs the built app in production mode on http://localhost:3000 with the embedded
// PostgreSQL (data in ./data) unless DATABASE_URL is set. It builds first only when there is no
// build, or the sources changed since the last one (SKIP_WEB_BUILD=1: never; reuse the build).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binOf, sourceStamp, STAMP_FILE } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const entry = join(root, 'apps/server/dist/server.js');

const built =
  existsSync(join(root, STAMP_FILE)) && existsSync(entry) ? readFileSync(join(root, STAMP_FILE), 'utf8').trim() : null;
const canBuild = !!binOf(root, 'typescript', 'bin/tsc') && !!binOf(join(root, 'apps/web'), 'vite', 'bin/vite.js');

if (process.env.SKIP_WEB_BUILD === '1') {
  if (!built) {
    console.error('SKIP_WEB_BUILD=1, but there is no build: run `npm run build` first.');
    process.exit(1);
  }
} else if (built !== sourceStamp(root)) {
  if (canBuild) {
    console.log(built ? 'The sources changed since the last build: building…' : 'Building Candeia (first start)…');
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (built) {
    console.warn(
      'The sources changed since the last build, but the build tools are not installed: starting the last build.',
    );
  } else {
    console.error(
      'There is no build, and the build tools are not installed. Run `npm install` and `npm run build`, then `npm start`.',
    );
    process.exit(1);
  }
}

const server = spawn(process.execPath, ['--conditions=candeia-built', '--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
