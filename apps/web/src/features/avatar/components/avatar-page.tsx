import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { AvatarCounsellorDto, AvatarGalleryDto, AvatarId } from '@candeia/shared/schemas/avatar';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useGallery } from '../api/get-gallery.ts';
import { useAvatarSessions } from '../api/get-sessions.ts';
import { useStartSession } from '../api/start-session.ts';
import { AllowanceLine, UsageStats } from './allowance.tsx';
import { CounsellorTile } from './counsellor-tile.tsx';
import { useAvatarMessage, useFormat } from './labels.ts';

/**
 * /avatar: the six counsellors (favourites and the latest ones first), what a session costs and
 * what is left of the week's avatar credits, the member's usage, and earlier sessions to read
 * again. Without the plan's `live` (or Diamante for a premium counsellor) each card says what it
 * needs and where to get it.
 */
export default function AvatarPage() {
  const { t } = useTranslation('avatar');
  useDocumentTitle(t('gallery.title'));
  const gallery = useGallery();

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <div className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
          {t('gallery.title')}
        </h1>
        <p className="max-w-2xl text-stone-600">{t('gallery.lead')}</p>
      </div>
      {gallery.isPending ? (
        <Spinner className="mt-10" label={t('gallery.loading')} />
      ) : gallery.isError ? (
        <LoadFailed error={gallery.error} onRetry={() => void gallery.refetch()} />
      ) : (
        <Gallery data={gallery.data} />
      )}
    </div>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('avatar');
  return (
    <Alert variant="error" className="mt-8" title={t('errors.load')}>
      {error instanceof ApiError && error.status === 401 ? t('errors.unauthenticated') : null}
      <div className="mt-3">
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      </div>
    </Alert>
  );
}

function Gallery({ data }: { data: AvatarGalleryDto }) {
  const { t } = useTranslation('avatar');
  const navigate = useNavigate();
  const start = useStartSession();
  const message = useAvatarMessage();
  const [starting, setStarting] = useState<AvatarId | null>(null);
  const byId = new Map(data.counsellors.map((c) => [c.id, c]));
  const pick = (ids: readonly AvatarId[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const favorites = pick(data.favorites);
  const recent = pick(data.recent).filter((c) => !c.isFavorite);

  const onStart = (c: AvatarCounsellorDto) => {
    setStarting(c.id);
    start.mutate(
      { avatarId: c.id },
      {
        onSuccess: (s) => void navigate(paths.avatarSession(s.session.id), { state: { fresh: true } }),
        onSettled: () => setStarting(null),
      },
    );
  };
  const tile = (c: AvatarCounsellorDto) => (
    <CounsellorTile
      key={c.id}
      counsellor={c}
      remaining={data.allowance.remaining}
      starting={starting === c.id}
      onStart={() => onStart(c)}
    />
  );

  return (
    <>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <AllowanceLine allowance={data.allowance} />
        <p className="text-sm text-stone-600">{t('gallery.cost')}</p>
      </div>
      {!data.access.live ? (
        <Alert variant="warning" className="mt-6" title={t('access.title')}>
          {t('access.text')}
          <div className="mt-3">
            <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'sm' })}>
              {t('access.plans')}
            </Link>
          </div>
        </Alert>
      ) : null}
      {start.isError ? (
        <Alert variant="error" className="mt-6" title={t('errors.start')}>
          {message(start.error, 'errors.start')}
        </Alert>
      ) : null}
      {favorites.length ? (
        <Section id="favorites" title={t('gallery.favorites')}>
          {favorites.map(tile)}
        </Section>
      ) : null}
      {recent.length ? (
        <Section id="recent" title={t('gallery.recent')}>
          {recent.map(tile)}
        </Section>
      ) : null}
      <Section id="all" title={t('gallery.all')}>
        {data.counsellors.map(tile)}
      </Section>
      <UsageStats stats={data.stats} />
      <PastSessions />
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`avatar-${id}`} className="mt-10">
      <h2 id={`avatar-${id}`} className="font-serif text-2xl font-semibold text-stone-900">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
    </section>
  );
}

/** The latest sessions, each opening its transcript. */
function PastSessions() {
  const { t } = useTranslation('avatar');
  const sessions = useAvatarSessions(1);
  const format = useFormat();
  if (!sessions.data || sessions.data.items.length === 0) return null;
  return (
    <section aria-labelledby="avatar-past" className="mt-10">
      <h2 id="avatar-past" className="font-serif text-2xl font-semibold text-stone-900">
        {t('gallery.past')}
      </h2>
      <ul className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {sessions.data.items.slice(0, 10).map((s) => (
          <li key={s.id}>
            <Link
              to={paths.avatarSession(s.id)}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50"
            >
              <span className="font-semibold text-stone-900">{s.counsellorName}</span>
              <span className="text-sm text-stone-600">
                {format.dateTime(s.startTime)} ·{' '}
                {s.isActive ? t('gallery.running') : t('gallery.messages', { count: s.messagesCount })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
