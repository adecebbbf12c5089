/**
 * An order's tax invoice, credit notes, refund and receipt vouchers as download links (issue 21
 * item 5, issue 28 item 3, issue 29 item 3), for the shopper's order page and the back office's: each opens the PDF
 * (`basePath` is the order's page; the files live under it: a refund's documents under
 * `credit-notes/:id`). Nothing is shown before the order has a document.
 */
import { FileTextIcon } from 'lucide-react';
import { Section } from '~/components/ui/card';
import { formatRupeesExact } from '~/lib/money';
import { shopDateOf } from '~/lib/shop-time';
import type { InvoiceKind } from '~/lib/schema-enums';
import { formatDocumentDate } from './document';

/** One document as the order pages list it. */
interface OrderDocumentLink {
  id: number;
  kind: InvoiceKind;
  number: string;
  /** ISO 8601. */
  issuedAt: string;
  totalPaise: number;
}

const DOWNLOAD_LABELS: Record<OrderDocumentLink['kind'], string> = {
  invoice: 'Download tax invoice',
  credit_note: 'Download credit note',
  refund_voucher: 'Download refund voucher',
  receipt_voucher: 'Download receipt voucher',
};

/** The list of an order's documents (nothing when it has none). */
export function OrderDocuments({
  documents,
  basePath,
  className,
}: {
  documents: OrderDocumentLink[];
  /** The order page's path, e.g. '/account/orders/RT-261126-7KQ4M'. */
  basePath: string;
  className?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <Section
      heading={
        documents.some((doc) => doc.kind === 'receipt_voucher')
          ? documents.every((doc) => doc.kind === 'receipt_voucher')
            ? documents.length > 1
              ? 'Receipt vouchers'
              : 'Receipt voucher'
            : 'Tax documents and vouchers'
          : documents.some((doc) => doc.kind === 'refund_voucher')
            ? 'Tax documents and refund vouchers'
            : documents.length > 1
              ? 'Tax invoice and credit notes'
              : 'Tax invoice'
      }
      className={className}
    >
      <ul className="mt-3 grid gap-2">
        {documents.map((doc) => {
          const invoice = doc.kind === 'invoice';
          const href = invoice ? `${basePath}/invoice.pdf` : `${basePath}/credit-notes/${doc.id}`;
          return (
            <li key={doc.id}>
              <a
                href={href}
                className="inline-flex min-h-11 items-start gap-2 font-medium text-primary underline sm:min-h-0"
              >
                <FileTextIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  {DOWNLOAD_LABELS[doc.kind]}{' '}
                  <span className="whitespace-nowrap">{doc.number}</span>
                </span>
              </a>
              <p className="text-sm text-muted-foreground sm:ml-6">
                {formatDocumentDate(shopDateOf(doc.issuedAt))} ·{' '}
                {invoice ? '' : doc.kind === 'receipt_voucher' ? 'advance of ' : 'refund of '}
                {formatRupeesExact(doc.totalPaise)}
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
