#!/usr/bin/env node
// `npm start`: builds the web app, then runs the server in production mode on
// http://localhost:3000 with the embedded PostgreSQL (data in ./data) unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };

if (process.env.SKIP_WEB_BUILD !== '1') {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
