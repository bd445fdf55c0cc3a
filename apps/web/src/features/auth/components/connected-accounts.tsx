import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SocialProvider } from '@candeia/shared/schemas/social';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { socialStartHref, useIdentities, useUnlinkIdentity } from '../api/social.ts';
import { SocialErrorAlert } from './social-buttons.tsx';

/**
 * The settings' "connected accounts": every provider this server offers, linked or not. Connecting
 * is the provider's round trip (which comes back here with `social_linked` or `social_error`);
 * disconnecting asks first, and the server refuses to remove the last way in.
 */
export function ConnectedAccounts() {
  const { t, i18n } = useTranslation('auth');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const [params] = useSearchParams();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const [confirming, setConfirming] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;

  if (identities.isPending) return <Spinner />;
  if (identities.error)
    return (
      <Alert variant="error" title={t('social.connected.loadFailed')}>
        {apiMessage(identities.error)}
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={() => void identities.refetch()}>
            {t('social.retry')}
          </Button>
        </div>
      </Alert>
    );

  const { providers, identities: linked } = identities.data;
  const justLinked = providers.find((p) => p.id === params.get('social_linked'));

  const disconnect = (p: SocialProvider) => {
    setError(null);
    unlink.mutate(p.id, {
      onSuccess: () => toast({ variant: 'success', title: t('social.connected.disconnected', { provider: p.name }) }),
      onError: (e) => setError(apiMessage(e)),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="grid gap-4">
      <SocialErrorAlert value={params.get('social_error')} title={t('social.connected.connectFailed')} />
      {justLinked ? (
        <Alert variant="success" title={t('social.connected.linked', { provider: justLinked.name })} />
      ) : null}
      <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {providers.map((p) => {
          const identity = linked.find((i) => i.provider === p.id);
          return (
            <li key={p.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {p.name}{' '}
                  <Badge tone={identity ? 'success' : 'neutral'} className="ml-1 align-middle">
                    {identity ? t('social.connected.on') : t('social.connected.off')}
                  </Badge>
                </p>
                {identity ? (
                  <p className="break-all text-sm text-stone-600">
                    {t('social.connected.since', {
                      email: identity.email,
                      date: new Date(identity.createdAt).toLocaleDateString(locale, { dateStyle: 'medium' }),
                    })}
                  </p>
                ) : null}
              </div>
              {identity ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="shrink-0 self-start sm:self-center"
                  aria-label={t('social.connected.disconnectNamed', { provider: p.name })}
                  onClick={() => setConfirming(p)}
                >
                  {t('social.connected.disconnect')}
                </Button>
              ) : (
                <a
                  href={socialStartHref(p.id, 'link')}
                  className={buttonClasses({
                    size: 'sm',
                    variant: 'outline',
                    className: 'shrink-0 self-start sm:self-center',
                  })}
                  aria-label={t('social.connected.connectNamed', { provider: p.name })}
                >
                  {t('social.connected.connect')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {error ? (
        <Alert variant="error" title={t('social.connected.disconnectFailed')}>
          {error}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title={t('social.connected.confirmTitle', { provider: confirming?.name ?? '' })}
        description={t('social.connected.confirmText', { provider: confirming?.name ?? '' })}
        confirmLabel={t('social.connected.disconnect')}
        cancelLabel={t('social.connected.cancel')}
        destructive
        busy={unlink.isPending}
        onConfirm={() => confirming && disconnect(confirming)}
      />
    </div>
  );
}
