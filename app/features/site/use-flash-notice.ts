/** Shows the one-time notice the root loader read from the flash cookie as a toast. */
import { useEffect } from 'react';
import { toast } from '~/components/ui/toaster';
import type { FlashNotice } from '~/features/site/flash.server';

export function useFlashNotice(notice: FlashNotice | null): void {
  useEffect(() => {
    if (!notice) return;
    const show = notice.error ? toast.error : toast.success;
    show(notice.title, { description: notice.description, id: notice.name });
  }, [notice]);
}
