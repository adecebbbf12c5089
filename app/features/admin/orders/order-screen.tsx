/**
 * One order in the back office: its lines with images and totals, the customer's contact and
 * delivery address, the payment details, the timeline, and the fulfilment control (the later
 * steps only; the version the page was loaded at goes with the form, so a move over someone
 * else's is refused). Every outcome is a toast.
 */
import { ArrowLeftIcon, MailIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { addressLines } from '~/features/addresses/indian-address';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { FULFILMENT_STEPS, type FulfilmentStatus } from '~/features/orders/fulfilment';
import { milestoneLabel } from '~/features/orders/milestones';
import { ORDER_LINK_DAYS } from '~/features/orders/order-link';
import { OrderLines } from '~/features/orders/order-lines';
import { FulfilmentBadge, OrderBadges, OrderStatusBadge } from '~/features/orders/order-status';
import { OrderTimeline } from '~/features/orders/order-timeline';
import { OrderDocuments } from '~/features/invoices/order-documents';
import type { DocumentRecipients } from '~/features/invoices/send-documents.server';
import { SendDocuments } from './send-documents';
import { telLink, whatsappLink } from '~/features/site/settings';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import { whatsappNumber } from '~/features/admin/messages/message-links';
import type { AdminOrder } from './orders.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import {
  BespokeDatesPanel,
  BespokeGarmentsPanel,
} from '~/features/admin/bespoke-orders/bespoke-order-panels';
import type { BespokeOrderPanel } from '~/features/admin/bespoke-orders/bespoke-orders.server';

const PROVIDERS: Record<AdminOrder['provider'], string> = {
  razorpay: 'Razorpay',
  sandbox: 'Sandbox (test payments)',
};

/** A region of the page named by its h2, its content under the heading. */
function Panel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Section heading={heading} padding="md">
      <div className="mt-3">{children}</div>
    </Section>
  );
}

/**
 * One order; a bespoke order (`bespoke` given) shows its garments, dates and trials;
 * `payments` is the order's money panel (features/payments), shown under the lines.
 */
export function OrderScreen({
  order,
  documents = [],
  bespoke,
  payments,
  paidPaise = 0,
  recipients,
  tickets,
}: {
  order: AdminOrder;
  /** The order's tax invoice and credit notes (features/invoices). */
  documents?: ComponentProps<typeof OrderDocuments>['documents'];
  bespoke?: BespokeOrderPanel | null;
  payments?: ReactNode;
  /** Succeeded payments so far, in paise: an order awaiting payment with some reads 'Part paid'. */
  paidPaise?: number;
  /** Where the order's documents can be sent (issue 30 item 2); none shows no send buttons. */
  recipients?: DocumentRecipients | null;
  /** A bespoke order's work tickets (issue 31 item 1), shown under its garments. */
  tickets?: ReactNode;
}) {
  return (
    <>
      <p className="text-sm">
        <Link
          to="/admin/orders"
          className="inline-flex min-h-11 items-center gap-1 text-primary underline sm:min-h-0"
        >
          <ArrowLeftIcon aria-hidden className="size-4" /> All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-all sm:text-3xl">
          Order <span className="font-mono">{order.number}</span>
        </h1>
        <OrderBadges
          status={order.status}
          fulfilmentStatus={order.fulfilmentStatus}
          paidPaise={paidPaise}
          paymentMethod={order.paymentMethod}
        />
      </div>
      <p className="mt-1 text-muted-foreground">
        Placed <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time> ·{' '}
        {formatRupees(order.amountPaise)}
      </p>

      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-4">
          {bespoke ? (
            <BespokeGarmentsPanel order={order} panel={bespoke} />
          ) : (
            <Lines order={order} />
          )}
          {tickets}
          {payments}
          <Panel heading="Timeline">
            <OrderTimeline entries={order.timeline} label="Timeline of this order" />
          </Panel>
        </div>
        <div className="grid min-w-0 gap-4">
          <Panel heading="Fulfilment">
            <FulfilmentControl order={order} />
          </Panel>
          {bespoke && <BespokeDatesPanel order={order} panel={bespoke} />}
          <Contact order={order} />
          {/* A bespoke order's money is its Payments panel (the ledger); this box is the checkout's. */}
          {!bespoke && <Payment order={order} paidPaise={paidPaise} />}
          <OrderDocuments
            documents={documents}
            basePath={`/admin/orders/${encodeURIComponent(order.number)}`}
          />
          {recipients && (
            <SendDocuments number={order.number} documents={documents} recipients={recipients} />
          )}
        </div>
      </div>
    </>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  return (
    <Panel heading={`Items (${order.itemCount})`}>
      <OrderLines
        look="admin"
        lines={order.lines}
        totalPaise={order.amountPaise}
        discount={order.discount}
        shipping={
          order.kind === 'shop'
            ? { paise: order.shippingPaise, method: order.deliveryMethod }
            : undefined
        }
      />
    </Panel>
  );
}

function Contact({ order }: { order: AdminOrder }) {
  const outline = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
  const phone = order.phone.trim();
  const chat = phone ? whatsappNumber(phone) : null;
  return (
    <Panel heading="Customer">
      <p className="font-medium break-words">{order.customerName}</p>
      {!order.hasAccount && (
        <p className="text-sm text-muted-foreground">
          {order.walkIn
            ? 'Walk-in customer: no account. Reach them by WhatsApp or phone; their messages carry a link that opens this order.'
            : 'The customer has deleted their account.'}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Phone</dt>
        <dd>
          {phone ? (
            <a href={telLink(phone)} className="text-primary underline">
              {phone}
            </a>
          ) : (
            'Not given'
          )}
        </dd>
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="break-all">
          {order.email ? (
            <a href={`mailto:${order.email}`} className="text-primary underline">
              {order.email}
            </a>
          ) : (
            'Not given'
          )}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">
        {order.kind === 'bespoke' ? 'Billing address' : 'Delivery address'}
      </h3>
      <address className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line not-italic">
        {addressLines(order).join('\n')}
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        {phone && (
          <a href={telLink(phone)} className={outline}>
            <PhoneIcon aria-hidden /> Call <span className="sr-only">{order.customerName}</span>
          </a>
        )}
        {chat && (
          <a
            href={whatsappLink(
              chat,
              `Hello ${order.customerName}, about your order ${order.number}: `,
            )}
            target="_blank"
            rel="noopener noreferrer"
            className={outline}
          >
            <MessageCircleIcon aria-hidden /> WhatsApp{' '}
            <span className="sr-only">{order.customerName} (opens in a new tab)</span>
          </a>
        )}
        {order.email && (
          <a
            href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order ${order.number}`)}`}
            className={outline}
          >
            <MailIcon aria-hidden /> E-mail <span className="sr-only">{order.customerName}</span>
          </a>
        )}
      </div>
      <RevokeLinks order={order} />
    </Panel>
  );
}

/**
 * 'Revoke order links' (issue 30 item 2): every link sent so far stops opening the order; the
 * next message carries a new one.
 */
function RevokeLinks({ order }: { order: AdminOrder }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-2 border-t border-border pt-4">
      <input type="hidden" name="intent" value="revoke-order-links" />
      <input type="hidden" name="number" value={order.number} />
      <p id="revoke-links-hint" className="text-sm text-muted-foreground">
        Messages carry a link that opens this order without signing in, for {ORDER_LINK_DAYS} days.
      </p>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== 'idle'}
        aria-describedby="revoke-links-hint"
        className="min-h-11 sm:min-h-9"
      >
        Revoke order links
      </Button>
    </fetcher.Form>
  );
}

function Payment({ order, paidPaise }: { order: AdminOrder; paidPaise: number }) {
  const code = 'font-mono text-xs break-all';
  return (
    <Panel heading="Payment">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <OrderStatusBadge
            status={order.status}
            paidPaise={paidPaise}
            paymentMethod={order.paymentMethod}
          />
        </dd>
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-medium">{formatRupees(order.amountPaise)}</dd>
        <dt className="text-muted-foreground">Provider</dt>
        <dd>{PROVIDERS[order.provider]}</dd>
        <dt className="text-muted-foreground">Provider order</dt>
        <dd className={code}>{order.providerOrderId ?? '—'}</dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd className={code}>{order.providerPaymentId ?? '—'}</dd>
        <dt className="text-muted-foreground">Paid at</dt>
        <dd>
          {order.paidAt ? (
            <time dateTime={order.paidAt}>{formatShopDateTime(order.paidAt)}</time>
          ) : (
            'Not paid'
          )}
        </dd>
      </dl>
    </Panel>
  );
}

/** The current step, and a choice of the later ones with 'Update status'. */
function FulfilmentControl({ order }: { order: AdminOrder }) {
  const current = order.fulfilmentStatus;
  return (
    <>
      {current ? (
        <p className="text-sm">
          Now at <FulfilmentBadge status={current} />
          <span className="mt-1 block text-muted-foreground">
            {FULFILMENT_STEPS[current].description}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {order.status === 'paid' || order.nextStatuses.length > 0
            ? `${order.status === 'paid' ? 'Paid' : 'Made'} and not confirmed yet. Confirm it to start tailoring.`
            : 'Fulfilment starts once the order is paid.'}
        </p>
      )}
      {order.followsTickets && current !== 'delivered' && (
        <p className="mt-2 text-sm text-muted-foreground">
          {current === null ? 'Once confirmed, this' : 'This'} order follows its garments: move each
          garment in the Tickets panel.
        </p>
      )}
      {order.nextStatuses.length > 0 ? (
        // Remounted with every new version, so the choice starts again at the next step.
        <FulfilmentForm key={order.version} order={order} />
      ) : (
        current === 'delivered' && (
          <p className="mt-3 text-sm text-muted-foreground">This order is complete.</p>
        )
      )}
    </>
  );
}

function FulfilmentForm({ order }: { order: AdminOrder }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== 'idle';
  const [choice, setChoice] = useState<FulfilmentStatus>(order.nextStatuses[0]!);
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-3 border-t border-border pt-4">
      <input type="hidden" name="intent" value="advance-fulfilment" />
      <input type="hidden" name="number" value={order.number} />
      <input type="hidden" name="version" value={order.version} />
      <div className="grid gap-2">
        <Label htmlFor="fulfilment-status">Move to</Label>
        <select
          id="fulfilment-status"
          name="status"
          value={choice}
          onChange={(event) => setChoice(event.target.value as FulfilmentStatus)}
          aria-describedby="fulfilment-status-hint"
          className="h-11 w-full rounded-md border border-border bg-white px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:h-10 md:text-sm"
        >
          {order.nextStatuses.map((status, index) => (
            <option key={status} value={status}>
              {FULFILMENT_STEPS[status].label}
              {index === 1 ? ' (skips a step)' : index > 1 ? ` (skips ${index} steps)` : ''}
            </option>
          ))}
        </select>
        <p id="fulfilment-status-hint" className="text-sm text-muted-foreground">
          {FULFILMENT_STEPS[choice].description}
          {milestoneLabel(choice) === null
            ? ' A workshop stage: the customer is not messaged.'
            : ' The customer is messaged about the change.'}
        </p>
      </div>
      <Button type="submit" disabled={busy} className="min-h-11 sm:min-h-10">
        {busy ? 'Updating…' : 'Update status'}
      </Button>
      <p className="text-xs text-muted-foreground">A step cannot be undone.</p>
    </fetcher.Form>
  );
}
