import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchLocale } from '@candeia/shared/constants';
import type { PublicUser } from '@candeia/shared/schemas/auth';
import {
  SOCIAL_ERROR_CODES,
  type IdentitiesResult,
  type SocialErrorCode,
  type SocialLinkInput,
  type SocialPending,
  type SocialProviderId,
  type SocialProvidersResult,
  type SocialSignUpData,
} from '@candeia/shared/schemas/social';
import { api } from '../../../lib/api.ts';
import { changeLocale, currentLocale } from '../../../lib/i18n.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

export const socialKeys = {
  providers: ['auth', 'social-providers'] as const,
  pending: ['auth', 'social-pending'] as const,
  identities: ['auth', 'identities'] as const,
};

/**
 * Where a provider's button leads: the server's start route, opened as a full page navigation
 * (the round trip goes through the provider's own site and back).
 */
export function socialStartHref(provider: SocialProviderId, intent?: 'link'): string {
  return `/api/auth/oauth/${encodeURIComponent(provider)}/start${intent ? `?intent=${intent}` : ''}`;
}

/** A `social_error` from the address, if it is one the server sends; anything else reads as 'failed'. */
export function socialErrorOf(value: string | null): SocialErrorCode | null {
  if (!value) return null;
  return (SOCIAL_ERROR_CODES as readonly string[]).includes(value) ? (value as SocialErrorCode) : 'failed';
}

/** GET /api/auth/providers: the providers this server offers (none unless configured). */
export const providersQuery = () =>
  queryOptions({
    queryKey: socialKeys.providers,
    queryFn: () => api<SocialProvidersResult>('/auth/providers'),
    staleTime: 5 * 60_000,
  });

export function useSocialProviders() {
  return useQuery(providersQuery());
}

/** GET /api/auth/oauth/pending: what the provider verified, waiting for the sign-up or the password. */
export function usePendingSocial() {
  return useQuery({
    queryKey: socialKeys.pending,
    queryFn: () => api<SocialPending>('/auth/oauth/pending'),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** After a social sign-up or link: the account's language, then the session and the plan afresh. */
function useSignedIn() {
  const qc = useQueryClient();
  return async ({ user }: { user: PublicUser }) => {
    const locale = matchLocale(user.locale);
    if (locale && locale !== currentLocale()) await changeLocale(locale);
    qc.removeQueries({ queryKey: socialKeys.pending });
    await Promise.all([
      qc.invalidateQueries({ queryKey: sessionKey }),
      qc.invalidateQueries({ queryKey: ['subscription'] }),
    ]);
  };
}

/** POST /api/auth/oauth/signup: creates the account (with its trial) from the provider's verified address. */
export function useSocialSignUp() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (input: SocialSignUpData) =>
      api<{ user: PublicUser }>('/auth/oauth/signup', { method: 'POST', body: { ...input, locale: currentLocale() } }),
    onSuccess,
  });
}

/** POST /api/auth/oauth/link: the existing account's password, then the provider is linked and the member signed in. */
export function useSocialLink() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (input: SocialLinkInput) =>
      api<{ user: PublicUser }>('/auth/oauth/link', { method: 'POST', body: input }),
    onSuccess,
  });
}

/** GET /api/auth/identities: the member's ways in. */
export function useIdentities() {
  return useQuery({
    queryKey: socialKeys.identities,
    queryFn: () => api<IdentitiesResult>('/auth/identities'),
  });
}

/** DELETE /api/auth/identities/:provider. */
export function useUnlinkIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProviderId) =>
      api<unknown>(`/auth/identities/${encodeURIComponent(provider)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: socialKeys.identities }),
  });
}
