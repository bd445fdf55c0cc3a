import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `.ci/run` finds the content mirror beside the repository (../shared/content), whatever machine
 * or folder it runs in. The script runs for real, in a copy laid out like a checkout, with the
 * programs it calls (apt-get, chromium, npm, npx, node, pg_isready) replaced by stubs that
 * record the CONTENT_MIRROR they were given.
 */
describe('.ci/run: the content mirror beside the repository', () => {
  let tmp: string;
  const stubs = ['apt-get', 'chromium', 'npm', 'npx', 'node', 'pg_isready', 'pg_ctlcluster'];

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'candeia-ci-'));
    mkdirSync(join(tmp, 'bin'));
    for (const name of stubs) {
      const stub = join(tmp, 'bin', name);
      writeFileSync(
        stub,
        `#!/bin/sh\necho "${name} CONTENT_MIRROR=\${CONTENT_MIRROR:-<unset>}" >> "$CI_STUB_LOG"\nexit 0\n`,
      );
      chmodSync(stub, 0o755);
    }
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** Runs a checkout's .ci/run from `cwd` as `script`; returns what the stubs recorded. */
  function runCi(opts: { cwd: string; script: string; env?: Record<string, string> }): string[] {
    const log = join(tmp, `log-${Math.random().toString(36).slice(2)}`);
    writeFileSync(log, '');
    const res = spawnSync('bash', [opts.script], {
      cwd: opts.cwd,
      env: { PATH: `${join(tmp, 'bin')}:/usr/bin:/bin`, HOME: tmp, TMPDIR: tmp, CI_STUB_LOG: log, ...opts.env },
      encoding: 'utf8',
    });
    expect(res.status, `${res.stdout}\n${res.stderr}`).toBe(0);
    return readFileSync(log, 'utf8').trim().split('\n');
  }

  /** A checkout at `<base>/candeia` holding .ci/run. */
  function checkout(base: string): string {
    const repo = join(base, 'candeia');
    mkdirSync(join(repo, '.ci'), { recursive: true });
    copyFileSync(join(repoRoot, '.ci/run'), join(repo, '.ci/run'));
    // The server test files the script names for the embedded run must exist (it checks); empty
    // copies stand in for them.
    mkdirSync(join(repo, 'apps/server/test'), { recursive: true });
    for (const name of readdirSync(join(repoRoot, 'apps/server/test')).filter((f) => f.endsWith('.test.ts')))
      writeFileSync(join(repo, 'apps/server/test', name), '');
    return repo;
  }

  it('exports ../shared/content as an absolute path, run from anywhere, by a relative path too', () => {
    const base = join(tmp, 'machine-a');
    const repo = checkout(base);
    mkdirSync(join(base, 'shared/content/quran-pickthall'), { recursive: true });
    const expected = realpathSync(join(base, 'shared/content'));
    for (const [cwd, script] of [
      [repo, '.ci/run'],
      [tmp, join(repo, '.ci/run')],
      [join(base, 'shared'), '../candeia/.ci/run'],
    ] as const) {
      const lines = runCi({ cwd, script });
      expect(lines.some((l) => l.startsWith('npm '))).toBe(true);
      for (const line of lines.filter((l) => /^(npm|npx|node) /.test(l)))
        expect(line, `${cwd} ${script}`).toMatch(new RegExp(` CONTENT_MIRROR=${expected}$`));
    }
  });

  it('no mirror beside the repository: CONTENT_MIRROR stays unset, whatever this machine holds elsewhere', () => {
    const repo = checkout(join(tmp, 'machine-c'));
    for (const line of runCi({ cwd: repo, script: '.ci/run' })) expect(line).toMatch(/ CONTENT_MIRROR=<unset>$/);
  });

  it('a CONTENT_MIRROR given by the caller is kept', () => {
    const base = join(tmp, 'machine-d');
    const repo = checkout(base);
    mkdirSync(join(base, 'shared/content'), { recursive: true });
    const lines = runCi({ cwd: repo, script: '.ci/run', env: { CONTENT_MIRROR: '/srv/mirror' } });
    expect(lines.find((l) => l.startsWith('npm '))).toBe('npm CONTENT_MIRROR=/srv/mirror');
  });
});
