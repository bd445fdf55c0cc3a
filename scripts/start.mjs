#!/usr/bin/env node
// `npm start`: runs the built app in production mode on http://localhost:3000 with the embedded
// PostgreSQL (data in ./data) unless DATABASE_URL is set. It builds first only when there is no
// build, or the sources changed since the last one (SKIP_WEB_BUILD=1: never; reuse the build).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const entry = ensureBuild(root, env);

const server = spawn(process.execPath, ['--conditions=candeia-built', '--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
