import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsMode } from '@candeia/shared/schemas/billing';
import { api } from '../api.ts';

/** The operating company and how to reach it, how payments are taken and which chat engine answers, as configured on the server. */
export interface PublicConfig {
  companyName: string;
  companyAddress: string;
  contactEmail: string;
  payments: PaymentsMode;
  /** Which engine writes the chat's answers: the built-in guide, or an OpenAI-compatible one. */
  chatEngine: 'guide' | 'external';
  /** Who runs the chat's AI service when it is not the built-in guide (named in the privacy policy). */
  aiProvider: string | null;
}

export const publicConfigKey = ['config', 'public'] as const;

/** Fetched once per visit: the footer, the legal texts and the payment screens share this entry. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: publicConfigKey,
    queryFn: () => api<PublicConfig>('/config/public'),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
