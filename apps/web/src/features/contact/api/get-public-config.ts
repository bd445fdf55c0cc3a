import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The operating company and how to reach it, as configured on the server. */
export interface PublicConfig {
  companyName: string;
  companyAddress: string;
  contactEmail: string;
}

export const publicConfigKey = ['config', 'public'] as const;

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: publicConfigKey,
    queryFn: () => api<PublicConfig>('/config/public'),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
