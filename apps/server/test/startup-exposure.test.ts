import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { exposureWarnings, isLoopbackHost, start } from '../src/runtime.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Decision 001: cookies are Secure exactly when APP_URL is https. Someone who follows the
 * README's HOST=0.0.0.0 hint over plain http gets a working sign-in and a warning line at start.
 */

let own: TestApp;
beforeAll(async () => {
  own = await createTestApp();
});
afterAll(async () => own.close());

/** Runs the real start-up sequence on this file's database and returns what it logged. */
async function startLines(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: own.databaseUrl,
    SEED_DEMO: 'false',
    CONTENT_AUTO_IMPORT: 'false',
    ...env,
  } as NodeJS.ProcessEnv);
  const running = await start(config, (m) => lines.push(m));
  try {
    const res = await fetch(`http://127.0.0.1:${new URL(running.url).port}/api/health`);
    expect(res.status).toBe(200);
  } finally {
    await running.stop();
  }
  return lines;
}

describe('start-up warning: other machines over plain http', () => {
  it('HOST=0.0.0.0 with an http APP_URL: one line says the traffic is unencrypted and how to fix it', async () => {
    const lines = await startLines({ HOST: '0.0.0.0', APP_URL: 'http://192.168.1.20:3000' });
    const warnings = lines.filter((l) => l.startsWith('Warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('HOST=0.0.0.0');
    expect(warnings[0]).toContain('http://192.168.1.20:3000');
    expect(warnings[0]).toMatch(/unencrypted/);
    expect(warnings[0]).toMatch(/APP_URL=https:\/\//);
  });

  it('HOST=0.0.0.0 with the default APP_URL: also says other machines’ sign-in is refused until APP_URL is theirs', async () => {
    const lines = await startLines({ HOST: '0.0.0.0', APP_URL: 'http://localhost:3000' });
    const warnings = lines.filter((l) => l.startsWith('Warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/names this machine only/);
    expect(warnings[1]).toMatch(/Set APP_URL to the address they open/);
  });

  it('no warning on loopback, nor behind https', async () => {
    expect(
      (await startLines({ HOST: '127.0.0.1', APP_URL: 'http://localhost:3000' })).filter((l) =>
        l.startsWith('Warning:'),
      ),
    ).toEqual([]);
    expect(
      (await startLines({ HOST: '0.0.0.0', APP_URL: 'https://candeia.example' })).filter((l) =>
        l.startsWith('Warning:'),
      ),
    ).toEqual([]);
  });

  it('knows which listen addresses stay on this machine', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'candeia.example', '10.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(exposureWarnings({ HOST: '::', APP_URL: 'http://[::1]:3000' })).toHaveLength(2);
    expect(exposureWarnings({ HOST: '192.168.1.20', APP_URL: 'https://192.168.1.20' })).toEqual([]);
  });
});

describe('APP_URL when it is not set', () => {
  it('follows PORT, so `PORT=3001 npm start` signs in at http://localhost:3001', () => {
    expect(loadConfig({ PORT: '3001' } as NodeJS.ProcessEnv).APP_URL).toBe('http://localhost:3001');
    expect(loadConfig({} as NodeJS.ProcessEnv).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '0' } as NodeJS.ProcessEnv).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3001', APP_URL: 'https://candeia.example' } as NodeJS.ProcessEnv).APP_URL).toBe(
      'https://candeia.example',
    );
  });
});
