import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** The operating company and how to reach it, as configured on the server. */
export interface PublicConfig {
  companyName: string;
  companyAddress: string;
  contactEmail: string;
}

export const publicConfigKey = ['config', 'public'] as const;

/** Fetched once per visit: the footer and the legal texts share this entry. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: publicConfigKey,
    queryFn: () => api<PublicConfig>('/config/public'),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
