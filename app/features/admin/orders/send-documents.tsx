/**
 * "Send to the customer" on the admin order page (issue 30 item 2): each tax invoice, credit
 * note and voucher of the order with "Send on WhatsApp" (a document message) and "Send by
 * e-mail" (the PDF attached); a button is disabled, with the reason beside it, when the
 * customer has no mobile or no e-mail. Each press posts 'send-document'; the outcome is a
 * toast. Nothing is shown before the order has a document.
 */
import { Section } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { DocumentRecipients } from '~/features/invoices/send-documents.server';
import type { InvoiceKind } from '~/lib/schema-enums';

const NAMES: Record<InvoiceKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  refund_voucher: 'Refund voucher',
  receipt_voucher: 'Receipt voucher',
};

/** The order's documents and where they can go. */
export function SendDocuments({
  number,
  documents,
  recipients,
}: {
  number: string;
  documents: { id: number; kind: InvoiceKind; number: string }[];
  recipients: DocumentRecipients;
}) {
  if (documents.length === 0) return null;
  return (
    <Section heading="Send to the customer" padding="md">
      <ul className="mt-3 grid gap-3" aria-label="Documents to send">
        {documents.map((doc) => (
          <li key={doc.id} className="grid gap-2">
            <p className="text-sm font-medium">
              {NAMES[doc.kind]} {doc.number}
            </p>
            <div className="flex flex-wrap gap-2">
              <SendButton
                number={number}
                documentId={doc.id}
                channel="whatsapp"
                label="Send on WhatsApp"
                what={`${NAMES[doc.kind].toLowerCase()} ${doc.number}`}
                recipient={recipients.whatsapp}
              />
              <SendButton
                number={number}
                documentId={doc.id}
                channel="email"
                label="Send by e-mail"
                what={`${NAMES[doc.kind].toLowerCase()} ${doc.number}`}
                recipient={recipients.email}
              />
            </div>
          </li>
        ))}
      </ul>
      {(!recipients.whatsapp.ok || !recipients.email.ok) && (
        <p className="mt-3 text-sm text-muted-foreground" id={`send-reasons-${number}`}>
          {[recipients.whatsapp, recipients.email]
            .map((recipient) => (recipient.ok ? '' : recipient.reason))
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
    </Section>
  );
}

function SendButton(props: {
  number: string;
  documentId: number;
  channel: 'whatsapp' | 'email';
  label: string;
  what: string;
  recipient: DocumentRecipients['whatsapp'];
}) {
  const fetcher = useAdminFetcher();
  const { recipient } = props;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="send-document" />
      <input type="hidden" name="number" value={props.number} />
      <input type="hidden" name="documentId" value={props.documentId} />
      <input type="hidden" name="channel" value={props.channel} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={!recipient.ok || fetcher.state !== 'idle'}
        title={recipient.ok ? `To ${recipient.to}` : recipient.reason}
        aria-describedby={recipient.ok ? undefined : `send-reasons-${props.number}`}
        className="min-h-11 sm:min-h-9"
      >
        {fetcher.state !== 'idle' ? 'Sending…' : props.label}
        <span className="sr-only"> ({props.what})</span>
      </Button>
    </fetcher.Form>
  );
}
