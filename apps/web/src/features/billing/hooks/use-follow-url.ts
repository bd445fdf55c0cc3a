import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { inAppPath } from '../lib/format.ts';

/**
 * Follows an address the billing API answers with: our own pages (the local provider's
 * checkout, the success page) inside the app, Stripe's pages with a full navigation.
 */
export function useFollowUrl() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const path = inAppPath(url, window.location.origin);
      if (path) navigate(path);
      else window.location.assign(url);
    },
    [navigate],
  );
}
