/**
 * Logout from anywhere (SPEC.md section 2 "Navigation bar", section 8 'Logout error'): the
 * header's lazy user menu and the account page share it, in a module of its own so the account
 * page does not pull the menu into its chunk.
 */
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { MESSAGES } from './rules';

/** Posts the logout and reports a failure; the redirect and notice come from the server. */
export function useLogout() {
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.error) {
      toast.error('Logout error', { description: MESSAGES.unexpected });
    }
  }, [fetcher.state, fetcher.data]);
  return {
    logout: () => fetcher.submit(null, { method: 'post', action: '/logout' }),
    busy: fetcher.state !== 'idle',
  };
}
