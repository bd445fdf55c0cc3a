import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import { sessionKey, useSession, useSessionUser, useSignedIn } from './session.ts';

const info = {
  user: { id: 'u1', firstName: 'Maria', role: 'user' },
  idleExpiresAt: '2026-03-01T12:30:00.000Z',
  absoluteExpiresAt: '2026-03-02T00:00:00.000Z',
} as unknown as SessionInfo;

const fetchMock = vi.fn(() =>
  Promise.resolve(new Response(JSON.stringify(info), { status: 200, headers: { 'content-type': 'application/json' } })),
);

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session observers', () => {
  it('never fetch the session themselves', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ user: useSessionUser(), signedIn: useSignedIn() }), { wrapper });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.user).toEqual({ user: null, isPending: true });
    expect(result.current.signedIn).toBe(false);
  });

  it('follow the session the shell loads, and its sign-out', async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(() => ({ shell: useSession(), user: useSessionUser(), signedIn: useSignedIn() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.signedIn).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.user).toEqual({ user: info.user, isPending: false });

    act(() => client.setQueryData(sessionKey, null));
    await waitFor(() => expect(result.current.signedIn).toBe(false));
    expect(result.current.user).toEqual({ user: null, isPending: false });
  });
});
