/**
 * GET /api/config/public names who writes the chat's answers, for the privacy policy: nobody
 * else with the built-in guide; the configured AI service (AI_PROVIDER_NAME, else its host).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

describe('the public config names the AI service', () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((a) => a.close())));

  it('none with the built-in guide; the configured name, else the endpoint’s host, with an AI endpoint', async () => {
    const guide = await createTestApp();
    apps.push(guide);
    expect((await guide.request({ url: '/api/config/public' })).json()).toMatchObject({
      chatEngine: 'guide',
      aiProvider: null,
    });

    const named = await createTestApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_PROVIDER_NAME: 'Exemplo IA' });
    apps.push(named);
    expect((await named.request({ url: '/api/config/public' })).json()).toMatchObject({
      chatEngine: 'external',
      aiProvider: 'Exemplo IA',
    });
    await named.close();
    apps.pop();

    const host = await createTestApp({ AI_BASE_URL: 'https://ai.example.net/v1' });
    apps.push(host);
    expect((await host.request({ url: '/api/config/public' })).json()).toMatchObject({ aiProvider: 'ai.example.net' });
  });
});
