/**
 * An order's tax invoice and credit notes as download links (issue 21 item 5), for the
 * shopper's order page and the back office's: each opens the PDF (`basePath` is the order's
 * page; the files live under it). Nothing is shown before the order has an invoice.
 */
import { FileTextIcon } from 'lucide-react';
import { Section } from '~/components/ui/card';
import { formatRupeesExact } from '~/lib/money';
import { shopDateOf } from '~/lib/shop-time';
import { formatDocumentDate } from './document';

/** One document as the order pages list it. */
interface OrderDocumentLink {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  /** ISO 8601. */
  issuedAt: string;
  totalPaise: number;
}

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
    <Section heading="Tax invoice" className={className}>
      <ul className="mt-3 grid gap-2">
        {documents.map((doc) => {
          const invoice = doc.kind === 'invoice';
          const href = invoice ? `${basePath}/invoice.pdf` : `${basePath}/credit-notes/${doc.id}`;
          return (
            <li key={doc.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <FileTextIcon aria-hidden className="size-4 text-muted-foreground" />
              <a href={href} className="font-medium text-primary underline">
                {invoice ? 'Download tax invoice' : 'Download credit note'} {doc.number}
              </a>
              <span className="text-sm text-muted-foreground">
                {formatDocumentDate(shopDateOf(doc.issuedAt))} · {invoice ? '' : 'refund of '}
                {formatRupeesExact(doc.totalPaise)}
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
