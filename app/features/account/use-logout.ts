/**
 * Logout from anywhere (SPEC.md section 2 "Navigation bar", section 8 'Logout error'): the
 * header's lazy user menu and the account page share it, in a module of its own so the account
 * page does not pull the menu into its chunk.
 */
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { sendPendingChanges } from '~/lib/pending-changes';
import { MESSAGES } from './rules';

/**
 * Posts the logout and reports a failure; the redirect and notice come from the server. Cart
 * and wishlist changes still on their way are sent first (for 5 s at most), so they reach the
 * shopper's account before the next page forgets this device's copy (issue 36 item 1).
 */
export function useLogout() {
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.error) {
      toast.error('Logout error', { description: MESSAGES.unexpected });
    }
  }, [fetcher.state, fetcher.data]);
  return {
    logout: async () => {
      await sendPendingChanges();
      await fetcher.submit(null, { method: 'post', action: '/logout' });
    },
    busy: fetcher.state !== 'idle',
  };
}
