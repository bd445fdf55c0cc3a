import { translate } from '@candeia/shared/i18n/server';
import { ERROR_CODES, type ErrorCode } from '@candeia/shared/errors';
import type { Locale } from '@candeia/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertUser } from './support/factories.ts';
import { rawRequest, type RawResponse } from './support/raw-http.ts';

/**
 * SECURITY.md 16 over real HTTP: the answers Fastify and Node give before any route or hook
 * runs (a URL the router cannot decode, a parameter past its limit, oversized headers, a request
 * line the parser refuses) carry the same headers, request id and translated body as the app's
 * own errors. `inject` skips Node's parser, so these go through a listening server.
 */

async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return { t, port: typeof address === 'object' && address ? address.port : 0 };
}

const request = (line: string, headers: string[] = [], body = '') =>
  [line, 'Host: localhost:3000', ...headers, 'Connection: close', '', body].join('\r\n');

function expectAppAnswer(res: RawResponse, status: number, code: ErrorCode, locale: Locale, label: string) {
  expect(res.status, `${label}: ${res.body}`).toBe(status);
  expect(ERROR_CODES[code].status, label).toBe(status);
  const csp = res.headers['content-security-policy'] ?? '';
  expect(csp, label).toMatch(/default-src 'self'/);
  expect(csp, label).toMatch(/frame-ancestors 'none'/);
  expect(csp, label).toMatch(/object-src 'none'/);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['x-request-id'], label).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
  expect(Number(res.headers['content-length']), label).toBe(Buffer.byteLength(res.body));
  const message = translate(locale, `errors:${code}`);
  expect(message, label).not.toBe(`errors:${code}`);
  expect(JSON.parse(res.body), label).toEqual({ error: { code, message } });
  expect(res.body, label).not.toMatch(/FST_|HPE_|stack|\bat \w|\.ts\b|statusCode/);
}

describe('SECURITY 16: early refusals over real HTTP are the app’s answers', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    ({ t, port } = await listening());
    cookie = (await insertUser(t)).cookie;
  });
  afterAll(async () => t.close());

  const big = 'a'.repeat(20_000);
  const longParam = 'a'.repeat(300);
  const cases: Array<[string, () => string, number, ErrorCode]> = [
    ['GET /% (FST_ERR_BAD_URL)', () => request('GET /% HTTP/1.1'), 400, 'BAD_REQUEST'],
    ['GET /api/% (FST_ERR_BAD_URL)', () => request('GET /api/%zz HTTP/1.1'), 400, 'BAD_REQUEST'],
    [
      'a path parameter past its limit (FST_ERR_MAX_PARAM_LENGTH)',
      () => request(`GET /api/scripture/texts/${longParam}/books HTTP/1.1`),
      414,
      'URL_TOO_LONG',
    ],
    [
      'headers over the size limit (431)',
      () => request('GET /api/health HTTP/1.1', [`X-Big: ${big}`]),
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a method the parser refuses (400)', () => request('BREW / HTTP/1.1'), 400, 'BAD_REQUEST'],
    ['a malformed header line (400)', () => request('GET / HTTP/1.1', ['Bad Header: x']), 400, 'BAD_REQUEST'],
    [
      'a body over the limit (413)',
      () => {
        const body = `{"message":"${'x'.repeat(70_000)}"}`;
        return request(
          'POST /api/contact HTTP/1.1',
          ['Origin: http://localhost:3000', 'Content-Type: application/json', `Content-Length: ${body.length}`],
          body,
        );
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a content type other than JSON (415)',
      () =>
        request(
          'POST /api/auth/login HTTP/1.1',
          ['Origin: http://localhost:3000', 'Content-Type: text/plain', 'Content-Length: 3'],
          'a=b',
        ),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a page that does not exist (404)', () => request('GET /nope.html HTTP/1.1'), 404, 'NOT_FOUND'],
    [
      'an API route that does not exist (404)',
      () => request('GET /api/nope HTTP/1.1', [`Cookie: ${cookie}`]),
      404,
      'NOT_FOUND',
    ],
  ];

  it.each(cases)('%s', async (label, make, status, code) => {
    // Each answer in the language the request asked for, whether it came from a header or not.
    for (const [locale, header] of [
      ['en-US', 'X-Locale: en-US'],
      ['es-ES', 'Accept-Language: es-ES,es;q=0.9'],
      ['pt-BR', 'X-Nothing: 1'],
    ] as const) {
      const raw = make();
      const [line, ...rest] = raw.split('\r\n');
      const res = await rawRequest(port, [line, header, ...rest].join('\r\n'));
      expectAppAnswer(res, status, code, locale, `${label} (${locale})`);
    }
  });

  it('a URL over the header size limit (431): the same answer, in Portuguese when no language was read', async () => {
    const res = await rawRequest(port, request(`GET /api/health?q=${big} HTTP/1.1`));
    expectAppAnswer(res, 431, 'HEADERS_TOO_LARGE', 'pt-BR', 'long URL');
  });

  it('every answer has its own request id', async () => {
    const ids = new Set<string>();
    for (const line of ['GET /% HTTP/1.1', 'BREW / HTTP/1.1', 'GET /nope.html HTTP/1.1'])
      for (let i = 0; i < 2; i++) ids.add((await rawRequest(port, request(line))).headers['x-request-id']!);
    expect(ids.size).toBe(6);
  });

  it('the server goes on serving after each refusal', async () => {
    await rawRequest(port, request('GET /api/health HTTP/1.1', [`X-Big: ${big}`]));
    await rawRequest(port, request('GET /% HTTP/1.1'));
    const ok = await rawRequest(port, request('GET /api/health HTTP/1.1'));
    expect(ok.status).toBe(200);
  });
});

describe('SECURITY 16: over https, early refusals carry HSTS too', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ APP_URL: 'https://candeia.example' }));
  });
  afterAll(async () => t.close());

  it.each([
    ['GET /% HTTP/1.1', []],
    ['GET /api/health HTTP/1.1', [`X-Big: ${'a'.repeat(20_000)}`]],
    ['GET /nope.html HTTP/1.1', []],
  ] as const)('%s', async (line, headers) => {
    const res = await rawRequest(port, request(line, [...headers]));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});
