import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import type { PostDto } from '@candeia/shared/schemas/community';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { PostCard } from './post-card.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { formatUntil, SuspendedNotice } from './suspended-notice.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const POST_ID = '22222222-2222-4222-8222-222222222222';
const post = (over: Partial<PostDto> = {}): PostDto => ({
  id: POST_ID,
  status: 'published',
  sensitive: false,
  reportId: null,
  author: { handle: 'ana.teste', name: 'Ana Teste' },
  body: 'Um texto da Ana',
  isPrayer: false,
  answeredAt: null,
  testimony: null,
  reactionCount: 0,
  prayerCount: 0,
  commentCount: 0,
  reacted: false,
  prayed: false,
  mine: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  editedAt: null,
  media: [],
  ...over,
});

let reply: () => Response = () => json(201, { id: 'r1', reason: 'spam', createdAt: '2026-03-01T12:00:00.000Z' });
const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(reply()));
const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
  const i18n = await initI18n();
  await i18n.loadNamespaces(['community', 'validation', 'errors']);
});
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the report dialog', () => {
  it('asks for a reason; a failure keeps the reason and the note; then sends once and thanks', async () => {
    const onOpenChange = vi.fn();
    renderWith(<ReportDialog target={{ kind: 'post', id: POST_ID }} open onOpenChange={onOpenChange} />);
    const send = screen.getByRole('button', { name: 'Enviar denúncia' });
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Escolha o motivo da denúncia.')).toBeTruthy();
    expect(sent()).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Spam ou propaganda' }));
    const note = screen.getByRole('textbox', { name: 'Observação (opcional)' });
    fireEvent.change(note, { target: { value: 'Vende cursos em todo post' } });
    reply = () => json(500, { error: { code: 'SERVER_ERROR', message: 'Algo deu errado no servidor.' } });
    await act(async () => fireEvent.click(send));
    await screen.findByText('Algo deu errado no servidor.');
    expect((note as HTMLTextAreaElement).value).toBe('Vende cursos em todo post');
    expect((screen.getByRole('radio', { name: 'Spam ou propaganda' }) as HTMLInputElement).checked).toBe(true);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);

    reply = () => json(201, { id: 'r1', reason: 'spam', createdAt: '2026-03-01T12:00:00.000Z' });
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(await screen.findByText('Denúncia enviada')).toBeTruthy();
    expect(sent().at(-1)).toEqual([
      `/api/community/posts/${POST_ID}/report`,
      { reason: 'spam', note: 'Vende cursos em todo post' },
    ]);
  }, 20_000);

  it('reported already: closes with the server’s message', async () => {
    const onOpenChange = vi.fn();
    reply = () =>
      json(409, {
        error: { code: 'REPORT_DUPLICATE', message: 'Você já denunciou este conteúdo. A moderação vai analisá-lo.' },
      });
    renderWith(
      <ReportDialog target={{ kind: 'comment', postId: POST_ID, id: 'c1' }} open onOpenChange={onOpenChange} />,
    );
    expect(screen.getByRole('dialog', { name: 'Denunciar este comentário' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Outro motivo' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar denúncia' })));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(await screen.findByText('Você já denunciou este conteúdo. A moderação vai analisá-lo.')).toBeTruthy();
    expect(sent()[0]?.[0]).toBe(`/api/community/posts/${POST_ID}/comments/c1/report`);
  });
});

describe('marks on a post', () => {
  it('held, for its author: the mark and why, without Amém, comments or share', () => {
    renderWith(<PostCard post={post({ status: 'held', mine: true })} />);
    expect(screen.getByText('Aguardando revisão')).toBeTruthy();
    expect(screen.getByText(/só você vê este post/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Amém/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).toBeNull();
  });

  it('hidden, for its author: marked as hidden by the moderation', () => {
    renderWith(<PostCard post={post({ status: 'hidden', mine: true })} />);
    expect(screen.getByText('Oculto pela moderação')).toBeTruthy();
    expect(screen.getByText(/A moderação ocultou este post/)).toBeTruthy();
  });

  it('sensitive: behind a cover until the reader chooses to see it, signed out too', () => {
    renderWith(<PostCard post={post({ sensitive: true })} signedIn={false} />);
    expect(screen.queryByText('Um texto da Ana')).toBeNull();
    expect(screen.getByText('Conteúdo sensível')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mesmo assim' }));
    expect(screen.getByText('Um texto da Ana')).toBeTruthy();
  });
});

describe('a suspension', () => {
  it('says until when, in the reader’s language and zone; or until lifted', () => {
    const until = '2030-03-20T18:30:00.000Z';
    const expected = formatUntil(until, 'pt-BR');
    expect(expected).toBe(
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(until)),
    );
    renderWith(<SuspendedNotice me={{ handle: 'x.y', suspended: true, suspendedUntil: until }} variant="post" />);
    expect(screen.getByText('Sua participação está suspensa')).toBeTruthy();
    expect(screen.getByText(new RegExp(`até ${expected}\\.`))).toBeTruthy();
    cleanup();
    renderWith(<SuspendedNotice me={{ handle: 'x.y', suspended: true, suspendedUntil: null }} variant="comment" />);
    expect(screen.getByText('Sua participação está suspensa. Você pode ler, mas não comentar.')).toBeTruthy();
  });
});
