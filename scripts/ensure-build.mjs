// The build `npm start` and `npm run start:cluster` run: made first when there is none, or when
// the sources changed since the last one (SKIP_WEB_BUILD=1: never; reuse the build).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { binOf, sourceStamp, STAMP_FILE } from './build-stamp.mjs';

/** The server's built entry point. */
export const entryOf = (root) => join(root, 'apps/server/dist/server.js');

/** Builds when needed; exits the process (with a message) when it cannot. */
export function ensureBuild(root, env) {
  const entry = entryOf(root);
  const built =
    existsSync(join(root, STAMP_FILE)) && existsSync(entry)
      ? readFileSync(join(root, STAMP_FILE), 'utf8').trim()
      : null;
  const canBuild = !!binOf(root, 'typescript', 'bin/tsc') && !!binOf(join(root, 'apps/web'), 'vite', 'bin/vite.js');

  if (env.SKIP_WEB_BUILD === '1') {
    if (!built) {
      console.error('SKIP_WEB_BUILD=1, but there is no build: run `npm run build` first.');
      process.exit(1);
    }
  } else if (built !== sourceStamp(root)) {
    if (canBuild) {
      console.log(built ? 'The sources changed since the last build: building…' : 'Building Candeia (first start)…');
      const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
        cwd: root,
        stdio: 'inherit',
        env,
      });
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
  return entry;
}
