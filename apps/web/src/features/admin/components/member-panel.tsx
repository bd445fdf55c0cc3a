import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type AdminMemberDto, type MemberRole } from '@candeia/shared/schemas/admin-members';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isKnownStatus, statusTone } from '../../../lib/subscription-status.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useDeleteMember } from '../api/delete-member.ts';
import { useMember } from '../api/get-member.ts';
import { useLiftAccountSuspension } from '../api/lift-account-suspension.ts';
import { useSendReset } from '../api/send-reset.ts';
import { useSendVerification } from '../api/send-verification.ts';
import { useSuspendAccount } from '../api/suspend-account.ts';
import { useUnlockMember } from '../api/unlock-member.ts';
import { formatDateTime, SECURITY_EVENT_TYPES } from '../lib/format.ts';
import { MemberActionDialog } from './member-action-dialog.tsx';
import { LoadFailed } from './paged-results.tsx';

type Act = 'role' | 'unlock' | 'verify' | 'reset' | 'suspend' | 'lift' | 'delete';

/**
 * One member's account as the administration sees it, and what can be done to it: the role,
 * the sign-in (unlock, confirmation and reset links), a suspension of the account, its
 * deletion. Each act asks for confirmation, saying exactly what will happen.
 */
export function MemberPanel({ userId, onBack }: { userId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation(['admin-ops', 'admin']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const member = useMember(userId);

  return (
    <div className="grid gap-5">
      <div>
        <Button variant="link" onClick={onBack}>
          {t('members.back')}
        </Button>
      </div>
      {member.isPending ? (
        <Spinner />
      ) : member.error ? (
        <LoadFailed error={member.error} />
      ) : (
        <Loaded m={member.data} locale={locale} />
      )}
    </div>
  );
}

function Loaded({ m, locale }: { m: AdminMemberDto; locale: string }) {
  const { t } = useTranslation(['admin-ops', 'admin']);
  const me = accountOf(useSessionUser().user);
  const toast = useToast();
  const [open, setOpen] = useState<Act | null>(null);
  const [role, setRole] = useState<MemberRole>(m.role);
  const changeRole = useChangeRole(m.id);
  const unlock = useUnlockMember(m.id);
  const verify = useSendVerification(m.id);
  const reset = useSendReset(m.id);
  const suspend = useSuspendAccount(m.id);
  const lift = useLiftAccountSuspension(m.id);
  const remove = useDeleteMember(m.id);

  const name = `${m.firstName} ${m.lastName}`.trim() || m.email;
  const roleName = (r: string) => t(`admin:roles.${r}`);
  const locked = m.lockedUntil !== null || m.failedLogins > 0;
  const closed = m.deletedAt !== null;
  const self = me?.id === m.id;
  const done = (key: string) => toast({ variant: 'success', title: t(`members.done.${key}`, { email: m.email }) });
  const dialog = (act: Act) => ({
    open: open === act,
    onOpenChange: (o: boolean) => setOpen(o ? act : null),
  });

  return (
    <>
      <Card className="p-4 sm:p-6">
        <h3 className="font-serif text-2xl font-semibold text-stone-900">{name}</h3>
        <p className="break-all text-stone-600">{m.email}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Badge tone={m.role === 'admin' ? 'brand' : 'neutral'}>{roleName(m.role)}</Badge>
          {m.subscriptionStatus ? (
            <Badge tone={statusTone(m.subscriptionStatus)}>
              {isKnownStatus(m.subscriptionStatus) ? t(`admin:status.${m.subscriptionStatus}`) : m.subscriptionStatus}
            </Badge>
          ) : null}
          <Badge tone={m.emailVerified ? 'success' : 'warning'}>
            {m.emailVerified ? t('members.verified') : t('admin:users.unverified')}
          </Badge>
          {m.lockedUntil ? (
            <Badge tone="danger">{t('admin:users.lockedUntil', { date: formatDateTime(m.lockedUntil, locale) })}</Badge>
          ) : null}
          {m.suspendedAt ? <Badge tone="danger">{t('members.suspended')}</Badge> : null}
          {closed ? <Badge tone="danger">{t('members.deleted')}</Badge> : null}
          {m.counsellor ? (
            <Badge tone={m.counsellor.active ? 'info' : 'neutral'}>
              {m.counsellor.active ? t('members.counsellorActive') : t('members.counsellorInactive')}
            </Badge>
          ) : null}
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label={t('members.created')}>{formatDateTime(m.createdAt, locale)}</Fact>
          <Fact label={t('members.lastSignIn')}>
            {m.lastSignInAt ? formatDateTime(m.lastSignInAt, locale) : t('members.never')}
          </Fact>
          <Fact label={t('members.sessions')}>{t('members.sessionsCount', { count: m.liveSessions })}</Fact>
          <Fact label={t('members.plan')}>{m.planName ?? '—'}</Fact>
          <Fact label={t('members.failedLogins')}>{m.failedLogins}</Fact>
          {m.suspendedAt ? (
            <Fact label={t('members.suspendedSince')}>
              {formatDateTime(m.suspendedAt, locale)}
              {m.suspensionReason ? ` — ${m.suspensionReason}` : ''}
            </Fact>
          ) : null}
          {m.deletedAt ? <Fact label={t('members.deletedAt')}>{formatDateTime(m.deletedAt, locale)}</Fact> : null}
        </dl>
      </Card>

      {closed ? null : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Section title={t('members.roleTitle')} text={t('members.roleText')}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field
                label={t('members.newRole')}
                className="sm:flex-1"
                hint={m.configuredAdmin ? t('members.configuredAdmin') : undefined}
              >
                {(a) => (
                  <Select {...a} value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
                    {MEMBER_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Button disabled={role === m.role} onClick={() => setOpen('role')}>
                {t('members.changeRole')}
              </Button>
            </div>
          </Section>

          <Section title={t('members.signInTitle')} text={t('members.signInText')}>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={!locked} onClick={() => setOpen('unlock')}>
                {t('members.unlock')}
              </Button>
              <Button variant="outline" disabled={m.emailVerified} onClick={() => setOpen('verify')}>
                {t('members.sendVerification')}
              </Button>
              <Button variant="outline" onClick={() => setOpen('reset')}>
                {t('members.sendReset')}
              </Button>
            </div>
          </Section>

          <Section title={t('members.suspendTitle')} text={t('members.suspendText')}>
            {m.suspendedAt ? (
              <Button variant="outline" onClick={() => setOpen('lift')}>
                {t('members.lift')}
              </Button>
            ) : (
              <Button variant="destructive" disabled={self} onClick={() => setOpen('suspend')}>
                {t('members.suspend')}
              </Button>
            )}
          </Section>

          <Section title={t('members.deleteTitle')} text={t('members.deleteText')}>
            <Button variant="destructive" onClick={() => setOpen('delete')}>
              {t('members.delete')}
            </Button>
          </Section>
        </div>
      )}

      <Card className="p-4 sm:p-6">
        <h3 className="font-semibold text-stone-900">{t('members.events')}</h3>
        {m.events.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t('members.noEvents')}</p>
        ) : (
          <ol className="mt-3 grid gap-2">
            {m.events.map((e) => (
              <li key={e.id} className="rounded-xl bg-stone-50 px-3 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={e.success ? 'neutral' : 'warning'}>
                    {(SECURITY_EVENT_TYPES as readonly string[]).includes(e.type)
                      ? t(`admin:eventTypes.${e.type}`)
                      : e.type}
                  </Badge>
                  <time dateTime={e.createdAt} className="tabular-nums text-stone-600">
                    {formatDateTime(e.createdAt, locale)}
                  </time>
                </div>
                {e.details ? <p className="mt-1 break-words text-stone-700">{e.details}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <MemberActionDialog
        {...dialog('role')}
        title={t('members.roleDialog', { name })}
        description={
          <>
            {t('members.roleFromTo', { email: m.email, from: roleName(m.role), to: roleName(role) })}{' '}
            {t(`members.roleEffect.${role}`)}
          </>
        }
        confirmLabel={t('members.changeRoleTo', { role: roleName(role) })}
        reason="optional"
        busy={changeRole.isPending}
        onConfirm={async (reason) => {
          await changeRole.mutateAsync({ role, reason });
          done('role');
        }}
      />
      <MemberActionDialog
        {...dialog('unlock')}
        title={t('members.unlockDialog')}
        description={t('members.unlockEffect', { email: m.email })}
        confirmLabel={t('members.unlock')}
        reason="optional"
        busy={unlock.isPending}
        onConfirm={async (reason) => {
          await unlock.mutateAsync({ reason });
          done('unlock');
        }}
      />
      <MemberActionDialog
        {...dialog('verify')}
        title={t('members.verifyDialog')}
        description={t('members.verifyEffect', { email: m.email })}
        confirmLabel={t('members.send')}
        busy={verify.isPending}
        onConfirm={async () => {
          await verify.mutateAsync(undefined);
          done('verify');
        }}
      />
      <MemberActionDialog
        {...dialog('reset')}
        title={t('members.resetDialog')}
        description={t('members.resetEffect', { email: m.email })}
        confirmLabel={t('members.send')}
        busy={reset.isPending}
        onConfirm={async () => {
          await reset.mutateAsync(undefined);
          done('reset');
        }}
      />
      <MemberActionDialog
        {...dialog('suspend')}
        title={t('members.suspendDialog', { name })}
        description={t('members.suspendEffect', { email: m.email })}
        confirmLabel={t('members.suspend')}
        destructive
        reason="required"
        busy={suspend.isPending}
        onConfirm={async (reason) => {
          await suspend.mutateAsync({ reason });
          done('suspend');
        }}
      />
      <MemberActionDialog
        {...dialog('lift')}
        title={t('members.liftDialog', { name })}
        description={t('members.liftEffect', { email: m.email })}
        confirmLabel={t('members.lift')}
        busy={lift.isPending}
        onConfirm={async () => {
          await lift.mutateAsync(undefined);
          done('lift');
        }}
      />
      <MemberActionDialog
        {...dialog('delete')}
        title={t('members.deleteDialog', { name })}
        description={t(self ? 'members.deleteEffectSelf' : 'members.deleteEffect', { email: m.email })}
        confirmLabel={t('members.deleteConfirm')}
        destructive
        reason="optional"
        busy={remove.isPending}
        onConfirm={async (reason) => {
          await remove.mutateAsync({ reason });
          done('delete');
        }}
      />
    </>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6">
      <div>
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <p className="mt-1 text-sm text-stone-600">{text}</p>
      </div>
      <div>{children}</div>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-stone-500">{label}:</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}
