#!/usr/bin/env node
// `npm run dev`: the API on :3001 (restarts on change) and Vite on :3000 proxying /api to it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
// Vite's own script, not `npx vite`: a signal must reach the process that holds the port.
const viteBin = join(
  dirname(createRequire(join(root, 'apps/web/package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      APP_URL: process.env.APP_URL ?? 'http://localhost:3000',
    },
  }),
  spawn(process.execPath, [viteBin, '--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
