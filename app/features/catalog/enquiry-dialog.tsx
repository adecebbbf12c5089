/**
 * The product enquiry dialog (SPEC.md section 4 "Enquiry dialog", section 5 "Enquiry"):
 * name and phone required after trimming, else the toast 'Missing Information' and red
 * fields; then 800 ms 'Sending…', the WhatsApp chat opens with the prefilled text, and the
 * dialog closes with its fields reset.
 *
 * The dialog (Radix) and the form's checks (zod) are not in the product page's first download
 * (issue 19 item 2): `EnquiryButton` is the page's plain button, and this module is fetched when
 * it is pointed at, focused or pressed; its default export is the dialog itself.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { whatsappLink } from '~/features/site/settings';
import {
  ENQUIRY_SEND_DELAY_MS,
  enquiryMessage,
  enquirySchema,
  type EnquiryProduct,
} from './enquiry';

/** What the enquiry dialog needs to know: the product and its chosen options, the chat number. */
export interface EnquiryDialogProps {
  product: EnquiryProduct;
  size?: string;
  color?: string;
  whatsappNumber: string;
}

/** The enquiry dialog, opened and closed by its button (`open`, `setOpen`). */
export default function EnquiryDialog({
  product,
  size,
  color,
  whatsappNumber,
  open,
  setOpen,
}: EnquiryDialogProps & { open: boolean; setOpen(open: boolean): void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [invalid, setInvalid] = useState<{ name?: boolean; phone?: boolean }>({});
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const nameId = useId();
  const phoneId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = () => {
    setName('');
    setPhone('');
    setInvalid({});
    setSending(false);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = enquirySchema.safeParse({ name, phone });
    if (!parsed.success) {
      setInvalid({ name: !name.trim(), phone: !phone.trim() });
      toast.error('Missing Information', {
        description: 'Please enter both your name and phone number',
      });
      return;
    }
    setInvalid({});
    setSending(true);
    // Open the tab now, while the click still counts as a user gesture, and point it at the
    // chat once the short 'Sending…' pause is over.
    const chat = window.open('about:blank', '_blank');
    timer.current = setTimeout(() => {
      const url = whatsappLink(
        whatsappNumber,
        enquiryMessage(product, { size, color }, parsed.data),
      );
      if (chat) {
        chat.opener = null;
        chat.location.href = url;
      } else {
        window.location.href = url;
      }
      setOpen(false);
      reset();
    }, ENQUIRY_SEND_DELAY_MS);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (sending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogContent>
        <DialogTitle>Enquire about this product</DialogTitle>
        <DialogDescription>
          Leave your name and number; we will continue on WhatsApp about {product.name}
          {size ? `, size ${size}` : ''}
          {color ? `, ${color}` : ''}.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Your name</Label>
            <Input
              id={nameId}
              name="name"
              autoComplete="name"
              value={name}
              maxLength={100}
              aria-invalid={invalid.name || undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={phoneId}>Phone number</Label>
            <Input
              id={phoneId}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={phone}
              maxLength={30}
              aria-invalid={invalid.phone || undefined}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? 'Sending…' : 'Send Enquiry'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
