import { useQuery } from '@tanstack/react-query';

/**
 * Whether someone is signed in, read from the session the app shell already keeps under
 * ['session'] (this observer never fetches: the shell owns that request).
 */
export function useSignedIn(): boolean {
  const { data } = useQuery<unknown>({ queryKey: ['session'], enabled: false });
  return !!data;
}
