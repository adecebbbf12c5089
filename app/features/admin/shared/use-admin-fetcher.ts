/**
 * A fetcher for one back-office action that toasts its outcome (issue "Back office": toasts
 * for every outcome) and tells when it is done, so a dialog can close after a success.
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import type { AdminOutcome } from './admin-action.server';

export function useAdminFetcher(options: { onSuccess?: (outcome: AdminOutcome) => void } = {}) {
  const fetcher = useFetcher<AdminOutcome>();
  const onSuccess = useRef(options.onSuccess);
  useEffect(() => {
    onSuccess.current = options.onSuccess;
  });
  // Toast as soon as the answer arrives, before the page's data reloads: a deleted row, or
  // one that leaves a filtered list, unmounts with the reload and could not toast after it.
  useEffect(() => {
    const outcome = fetcher.data;
    if (!outcome) return;
    if (outcome.ok) {
      toast.success(outcome.message);
      onSuccess.current?.(outcome);
    } else {
      toast.error(outcome.message || 'That did not work. Please try again.');
    }
  }, [fetcher.data]);
  return fetcher;
}
