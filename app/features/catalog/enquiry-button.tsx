/**
 * The product page's 'Enquire on WhatsApp' button (SPEC.md section 4 "Enquiry dialog"). It is
 * server-rendered and light; the dialog's code (Radix, the form and its zod checks) is fetched
 * when the button is pointed at or focused, and at the latest when it is pressed, then the
 * dialog opens (issue 19 item 2: nothing the first screen does not need in its download).
 */
import { MessageCircleIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { EnquiryDialogProps } from './enquiry-dialog';

const loadDialog = () => import('./enquiry-dialog');
const EnquiryDialog = lazy(loadDialog);

/** The enquiry button, and its dialog once it has been asked for. */
export function EnquiryButton(props: EnquiryDialogProps) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button
        type="button"
        size="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="w-full bg-[#1f7a4d] hover:bg-[#17623d] sm:w-auto"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MessageCircleIcon aria-hidden />
        Enquire on WhatsApp
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EnquiryDialog {...props} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
