import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The operating company and its contact address, named in the legal texts. */
export interface PublicConfig {
  companyName: string;
  companyAddress: string;
  contactEmail: string;
}

/** Same key as the footer's query, so the answer is fetched once per visit. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'public'],
    queryFn: () => api<PublicConfig>('/config/public'),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
