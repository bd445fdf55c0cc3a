import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY, MINUTE_MS, SESSION_CHECK_INTERVAL_MS, SESSION_IDLE_MS } from '@candeia/shared/constants';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import { SESSION_EXPIRED_EVENT, apiErrorOf, isSigningOut, setSigningOut } from '../../../lib/api.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { SessionWatcher } from './session-watcher.tsx';

const START = new Date('2026-03-01T12:00:00Z').getTime();

function sessionAt(at: number, idleLeftMs = SESSION_IDLE_MS): SessionInfo {
  return {
    user: {
      id: 'u1',
      email: 'maria@example.com',
      firstName: 'Maria',
      lastName: 'Silva',
      phone: '+55 11 91234-5678',
      address: '',
      city: '',
      state: '',
      country: 'Brasil',
      zipCode: '',
      birthDate: '1990-01-01',
      gender: 'female',
      locale: 'pt-BR',
      role: 'user',
      referralCode: 'REF-ABCDEFGH',
      emailVerified: true,
      createdAt: new Date(START).toISOString(),
    },
    idleExpiresAt: new Date(at + idleLeftMs).toISOString(),
    absoluteExpiresAt: new Date(START + 12 * 60 * MINUTE_MS).toISOString(),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Reply = (url: string, init: RequestInit | undefined) => Response;
let reply: Reply;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(reply(String(input), init)));

function calls() {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], sessionAt(Date.now()));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <SessionWatcher />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeAll(async () => {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
  await initI18n();
});

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  reply = (url, init) => {
    if (url === '/api/auth/session/refresh' && init?.method === 'POST') return json(200, sessionAt(Date.now()));
    if (url === '/api/auth/session') return json(200, sessionAt(Date.now(), SESSION_IDLE_MS - 2 * MINUTE_MS));
    return json(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado.' } });
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionWatcher', () => {
  it('uses window.fetch (stubbed here)', () => {
    expect(window.fetch).toBe(fetchMock);
  });

  it('refreshes the session when there was activity since the last check', async () => {
    const client = setup();
    await advance(5_000);
    act(() => {
      window.dispatchEvent(new MouseEvent('click'));
    });
    await advance(SESSION_CHECK_INTERVAL_MS);
    expect(calls()).toEqual(['POST /api/auth/session/refresh']);
    const info = client.getQueryData<SessionInfo>(['session']);
    expect(Date.parse(info!.idleExpiresAt)).toBe(START + SESSION_CHECK_INTERVAL_MS + SESSION_IDLE_MS);
  });

  it('counts keydown and scroll as activity too', async () => {
    setup();
    await advance(1_000);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    });
    await advance(SESSION_CHECK_INTERVAL_MS);
    act(() => {
      document.body.dispatchEvent(new Event('scroll'));
    });
    await advance(SESSION_CHECK_INTERVAL_MS);
    expect(calls()).toEqual(['POST /api/auth/session/refresh', 'POST /api/auth/session/refresh']);
  });

  it('only checks the session (no refresh) when there was no activity', async () => {
    setup();
    await advance(SESSION_CHECK_INTERVAL_MS);
    expect(calls()).toEqual(['GET /api/auth/session']);
    await advance(SESSION_CHECK_INTERVAL_MS);
    expect(calls()).toEqual(['GET /api/auth/session', 'GET /api/auth/session']);
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('warns (console and on screen) when 5 minutes or less remain, and "stay connected" refreshes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reply = (url, init) =>
      url === '/api/auth/session/refresh' && init?.method === 'POST'
        ? json(200, sessionAt(Date.now()))
        : json(200, sessionAt(Date.now(), 4 * MINUTE_MS));
    setup();
    await advance(SESSION_CHECK_INTERVAL_MS);
    expect(warn).toHaveBeenCalledTimes(1);
    const stay = screen.getByRole('button', { name: 'Continuar conectado' });
    expect(screen.getByRole('status').textContent).toContain('4 minutos');

    fetchMock.mockClear();
    await act(async () => {
      stay.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls()).toEqual(['POST /api/auth/session/refresh']);
    expect(screen.queryByRole('button', { name: 'Continuar conectado' })).toBeNull();
  });

  it('on expiry (401) clears the session and the cache, then goes to /login?expired=1', async () => {
    reply = () =>
      json(401, { error: { code: 'AUTH_SESSION_EXPIRED', message: 'Sua sessão expirou. Entre novamente.' } });
    const client = setup();
    client.setQueryData(['profile'], { firstName: 'Maria' });
    await advance(SESSION_CHECK_INTERVAL_MS);
    await advance(10);
    expect(screen.getByTestId('location').textContent).toBe('/login?expired=1');
    expect(client.getQueryData(['session'])).toBeNull();
    expect(client.getQueryData(['profile'])).toBeUndefined();
  });

  it('expires when the known deadline has passed', async () => {
    reply = () => json(200, sessionAt(Date.now(), -1));
    setup();
    await advance(SESSION_CHECK_INTERVAL_MS);
    await advance(10);
    expect(screen.getByTestId('location').textContent).toBe('/login?expired=1');
  });

  it('expires when any API call reports an expired session', async () => {
    const client = setup();
    act(() => {
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    });
    await advance(10);
    expect(screen.getByTestId('location').textContent).toBe('/login?expired=1');
    expect(client.getQueryData(['session'])).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('a sign-out under way is not an expiry: a request meeting the ended session changes nothing', async () => {
    const client = setup();
    expect(isSigningOut()).toBe(false);
    const listener = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    try {
      setSigningOut(true);
      // A request sent before the sign-out answers after it.
      act(() => {
        apiErrorOf(401, { error: { code: 'AUTH_SESSION_EXPIRED', message: 'Sua sessão expirou' } });
        window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      });
      await advance(10);
      expect(listener).toHaveBeenCalledTimes(1); // only the event dispatched by hand
      expect(screen.getByTestId('location').textContent).toBe('/profile');
      expect(client.getQueryData(['session'])).not.toBeNull();
    } finally {
      window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
      setSigningOut(false);
    }
  });

  it('a session that begins ends the sign-out: an expiry is announced again', async () => {
    setSigningOut(true);
    setup();
    expect(isSigningOut()).toBe(false);
    act(() => {
      apiErrorOf(401, { error: { code: 'AUTH_SESSION_EXPIRED', message: 'Sua sessão expirou' } });
    });
    await advance(10);
    expect(screen.getByTestId('location').textContent).toBe('/login?expired=1');
  });
});
