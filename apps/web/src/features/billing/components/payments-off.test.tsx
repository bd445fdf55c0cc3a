import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import type { PaymentsMode } from '@candeia/shared/schemas/billing';
import type { PlanDto, SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import DonationsPage from './donations-page.tsx';
import PaymentTestPage from './payment-test-page.tsx';
import SubscriptionPage from './subscription-page.tsx';

/**
 * PRODUCT.md "Test checkout": a server with no payment provider says so on /subscription,
 * /donations and /testes-stripe, with the pay buttons disabled and described by the notice.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const features = { bible: true, chat: true, community: true, live: false, referral_program: true };
const plan = (slug: string, name: string, cents: number): PlanDto => ({
  id: `00000000-0000-4000-8000-00000000000${cents > 0 ? cents % 9 : 0}`,
  slug,
  name,
  description: null,
  credits: cents > 0 ? 250_000 : 0,
  monthlyPriceCents: cents,
  currency: 'BRL',
  features,
  isActive: true,
  isPublic: true,
});
const PLANS = [plan('free', 'Plano Gratuito', 0), plan('silver', 'Silver', 15_990)];

const trial: SubscriptionStateDto = {
  status: 'trialing',
  isTrial: true,
  expiresAt: null,
  trialEndDate: '2026-04-09T12:00:00.000Z',
  planId: PLANS[0]!.id,
  planName: 'Plano Gratuito',
  planSlug: 'free',
  creditsRemaining: 3_000_000_000,
  totalCredits: 0,
  features,
  allowed: true,
  isAdmin: false,
  trialDaysLeft: 30,
};

const session: SessionInfo = {
  user: {
    id: '11111111-1111-4111-8111-111111111111',
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
    createdAt: '2026-03-01T12:00:00.000Z',
  },
  idleExpiresAt: '2099-01-01T00:00:00.000Z',
  absoluteExpiresAt: '2099-01-01T00:00:00.000Z',
};

let payments: PaymentsMode = 'off';
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url === '/api/config/public')
    return Promise.resolve(
      json(200, {
        companyName: 'Candeia Inc.',
        companyAddress: 'x',
        contactEmail: 'c@example.com',
        payments,
        chatEngine: 'guide',
        aiProvider: null,
      }),
    );
  if (url === '/api/plans') return Promise.resolve(json(200, PLANS));
  if (url === '/api/subscription') return Promise.resolve(json(200, trial));
  if (url === '/api/billing/subscription')
    return Promise.resolve(
      json(200, {
        provider: payments === 'off' ? null : 'local',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        hasPaidSubscription: false,
        trialEndedNotice: false,
      }),
    );
  if (url.startsWith('/api/credits/ledger'))
    return Promise.resolve(json(200, { items: [], total: 0, page: 1, pageSize: 20 }));
  if (url.startsWith('/api/billing/checkout-sessions/'))
    return Promise.resolve(
      json(200, {
        id: 'chk_x',
        kind: 'donation',
        status: 'open',
        amountCents: 5000,
        currency: 'BRL',
        planName: null,
        subscription: null,
        lastError: null,
      }),
    );
  return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: `${method} ${url}` } }));
});
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

function renderAt(path: string, page: ReactNode, signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], signedIn ? session : null);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The element a control's aria-describedby points to. */
function description(el: HTMLElement): string {
  const id = el.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return document.getElementById(id!)?.textContent ?? '';
}

beforeAll(async () => {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
  await initI18n();
});
beforeEach(() => {
  payments = 'off';
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOTICE_TITLE = 'Pagamentos indisponíveis neste servidor';

describe('/subscription', () => {
  it.each([
    ['signed in', true],
    ['signed out', false],
  ])('%s, payments off: the notice, and "Assinar Prata" disabled and described by it', async (_label, signedIn) => {
    renderAt('/subscription', <SubscriptionPage />, signedIn);
    const button = await screen.findByRole('button', { name: 'Assinar Prata' }, { timeout: 10_000 });
    expect(button).toHaveProperty('disabled', true);
    expect(description(button)).toContain(NOTICE_TITLE);
    expect(description(button)).toContain('os planos pagos não podem ser assinados por enquanto');
    await act(async () => fireEvent.click(button));
    expect(posts()).toEqual([]);
  });

  it('payments on (the test checkout): no notice, and the button works', async () => {
    payments = 'test';
    renderAt('/subscription', <SubscriptionPage />, true);
    const button = await screen.findByRole('button', { name: 'Assinar Prata' }, { timeout: 10_000 });
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/config/public'));
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(NOTICE_TITLE)).toBeNull();
    await act(async () => fireEvent.click(button));
    expect(posts()).toEqual(['/api/billing/checkout']);
  });

  it('a balance beyond 32 bits is shown whole, grouped in the reader’s format', async () => {
    renderAt('/subscription', <SubscriptionPage />, true);
    expect(await screen.findByText('3.000.000.000')).toBeTruthy();
  });
});

describe('/donations', () => {
  it('payments off: the notice in the form; "Doar" disabled and described by it, what was typed kept', async () => {
    renderAt('/donations', <DonationsPage />, false);
    await screen.findByText(NOTICE_TITLE);
    const amount = screen.getByRole('textbox', { name: /Valor da doação/ });
    fireEvent.change(amount, { target: { value: '50,00' } });
    const donate = screen.getByRole('button', { name: /^Doar/ });
    expect(donate).toHaveProperty('disabled', true);
    expect(description(donate)).toContain('não é possível doar por enquanto');
    await act(async () => fireEvent.submit(donate.closest('form')!));
    expect(posts()).toEqual([]);
    expect((amount as HTMLInputElement).value).toBe('50,00');
  });

  it('payments on: no notice, "Doar" enabled', async () => {
    payments = 'test';
    renderAt('/donations', <DonationsPage />, false);
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/config/public'));
    const donate = screen.getByRole('button', { name: /^Doar/ });
    await waitFor(() => expect(donate).toHaveProperty('disabled', false));
    expect(screen.queryByText(NOTICE_TITLE)).toBeNull();
  });
});

describe('/testes-stripe', () => {
  it.each([['off'], ['stripe']] as const)(
    'payments %s: the test page says it is turned off, no card form',
    async (mode) => {
      payments = mode;
      renderAt('/testes-stripe?session=chk_x', <PaymentTestPage />, false);
      expect(await screen.findByRole('heading', { name: 'Página de testes desativada' })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Número do cartão' })).toBeNull();
    },
  );

  it('payments on: the card form', async () => {
    payments = 'test';
    renderAt('/testes-stripe?session=chk_x', <PaymentTestPage />, false);
    expect(await screen.findByRole('textbox', { name: 'Número do cartão' })).toBeTruthy();
  });
});
