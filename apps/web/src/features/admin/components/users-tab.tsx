import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminUserRow } from '@candeia/shared/schemas/admin';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isKnownStatus, statusTone } from '../../../lib/subscription-status.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { formatDateTime, formatDay } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';
import { MemberPanel } from './member-panel.tsx';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;
const ROLES = ['user', 'counsellor', 'admin'];

/** The users, searchable; a member's panel (`?member=<id>`) opens in their place. */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const member = params.get('member');
  if (member) return <MemberPanel userId={member} onBack={() => setParams({ tab: 'users' })} />;
  return <UsersList onOpen={(id) => setParams({ tab: 'users', member: id })} />;
}

function UsersList({ onOpen }: { onOpen: (userId: string) => void }) {
  const { t, i18n } = useTranslation(['admin', 'admin-ops']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ q: q || undefined, page, pageSize: PAGE_SIZE });

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  const data = users.data;
  const labels = {
    role: (r: string) => (ROLES.includes(r) ? t(`roles.${r}`) : r),
    status: (s: string | null) => (s === null ? t('status.none') : isKnownStatus(s) ? t(`status.${s}`) : s),
    locked: (u: AdminUserRow) =>
      u.lockedUntil && Date.parse(u.lockedUntil) > Date.now()
        ? t('users.lockedUntil', { date: formatDateTime(u.lockedUntil, locale) })
        : null,
  };

  const manage = (u: AdminUserRow) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onOpen(u.id)}
      aria-label={t('admin-ops:members.manageLabel', { email: u.email })}
    >
      {t('admin-ops:members.manage')}
    </Button>
  );

  return (
    <div className="grid gap-5">
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="admin-user-search" className="sr-only">
          {t('users.search')}
        </label>
        <Input
          id="admin-user-search"
          type="search"
          placeholder={t('users.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="sm:max-w-md"
        />
        <Button type="submit">{t('users.searchButton')}</Button>
      </form>

      <p className="text-sm text-stone-600" aria-live="polite">
        {data ? t('users.count', { count: data.total }) : null}
      </p>

      <PagedResults query={users} emptyText={t('users.empty')} onPageChange={setPage}>
        {(rows) => (
          <>
            <DataTable
              caption={t('users.caption')}
              columns={[
                ...['email', 'name', 'role', 'subscription', 'created', 'locked'].map((c) => t(`users.${c}`)),
                t('admin-ops:members.actions'),
              ]}
            >
              {rows.map((u) => {
                const locked = labels.locked(u);
                return (
                  <tr key={u.id} className="hover:bg-stone-50">
                    <td className="px-3 py-3 font-medium text-stone-900">
                      <span className="break-all">{u.email}</span>
                      {u.emailVerified ? null : (
                        <Badge tone="warning" className="ml-2 align-middle">
                          {t('users.unverified')}
                        </Badge>
                      )}
                    </td>
                    <td className="px-3 py-3 text-stone-700">{`${u.firstName} ${u.lastName}`.trim() || '—'}</td>
                    <td className="px-3 py-3">
                      <Badge tone={u.role === 'admin' ? 'brand' : 'neutral'}>{labels.role(u.role)}</Badge>
                    </td>
                    <td className="px-3 py-3">
                      <Badge tone={statusTone(u.subscriptionStatus)}>{labels.status(u.subscriptionStatus)}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                      <time dateTime={u.createdAt}>{formatDay(u.createdAt, locale)}</time>
                    </td>
                    <td className="px-3 py-3 text-stone-700">
                      {locked ? <Badge tone="danger">{locked}</Badge> : t('users.notLocked')}
                    </td>
                    <td className="px-3 py-3">{manage(u)}</td>
                  </tr>
                );
              })}
            </DataTable>

            <ul className="grid gap-3 md:hidden" aria-label={t('users.caption')}>
              {rows.map((u) => {
                const locked = labels.locked(u);
                return (
                  <li key={u.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                    <p className="break-all font-semibold text-stone-900">{u.email}</p>
                    <p className="text-sm text-stone-600">{`${u.firstName} ${u.lastName}`.trim() || '—'}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Badge tone={u.role === 'admin' ? 'brand' : 'neutral'}>{labels.role(u.role)}</Badge>
                      <Badge tone={statusTone(u.subscriptionStatus)}>{labels.status(u.subscriptionStatus)}</Badge>
                      {u.emailVerified ? null : <Badge tone="warning">{t('users.unverified')}</Badge>}
                      {locked ? <Badge tone="danger">{locked}</Badge> : null}
                    </div>
                    <p className="mt-3 text-xs text-stone-500">
                      {t('users.created')}: <time dateTime={u.createdAt}>{formatDay(u.createdAt, locale)}</time>
                    </p>
                    <div className="mt-3">{manage(u)}</div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </PagedResults>
    </div>
  );
}
