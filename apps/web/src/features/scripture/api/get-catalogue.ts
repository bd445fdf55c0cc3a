import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

/** GET /api/scripture/catalogue: the 14 books, their religions and installed texts. */
export function getCatalogue(): Promise<CatalogueDto> {
  return api<CatalogueDto>('/scripture/catalogue');
}

export const catalogueQuery = () =>
  queryOptions({
    queryKey: scriptureKeys.catalogue,
    queryFn: getCatalogue,
    staleTime: 10 * 60_000,
    // Content: asked for even offline, where the service worker may answer from its cache.
    networkMode: 'offlineFirst',
  });

export function useCatalogue() {
  return useQuery(catalogueQuery());
}
