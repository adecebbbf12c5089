import { data, useFetcher, useLoaderData } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { findSandboxLink, paySandboxLink } from '~/features/payments/payment-links.server';
import { rootMetaData } from '~/features/site/root-data';
import { readFormData } from '~/lib/request-body.server';
import { formatRupeesExact } from '~/lib/money';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/pay';

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Pay your order', rootMetaData(matches).settings.shopName);

/**
 * /pay/:linkId: the sandbox's payment-link page (features/payments/payment-links.server),
 * reached by the link's unguessable id, no account needed. 404 for anything else, and always
 * with Razorpay keys (Razorpay's own page is sent then). A link that cannot be paid (paid
 * already, withdrawn, its order paid in full or cancelled) answers 409 with the reason.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const link = await findSandboxLink(context, params.linkId.slice(0, 60));
  if (!link) throw data('Payment link not found', { status: 404 });
  return data({ link }, { status: link.payable ? 200 : 409 });
}

const paySchema = z.object({ intent: z.literal('pay') });

/** 'Pay' (`intent` pay): the signed payment_link.paid webhook, through the webhook path. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!paySchema.safeParse(Object.fromEntries(form)).success) {
    return data({ ok: false, message: 'This action is not known.' }, { status: 400 });
  }
  return paySandboxLink(context, params.linkId.slice(0, 60));
}

export default function PayLink() {
  const { link } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <Card className="p-6">
        <h1 className="text-2xl font-semibold">Pay {formatRupeesExact(link.amountPaise)}</h1>
        <p className="mt-2 text-muted-foreground">For order {link.orderNumber}.</p>
        <p className="mt-4 rounded-md bg-muted p-3 text-sm">
          Sandbox payment: test payments only, no money moves.
        </p>
        {!link.payable ? (
          <p role="status" className="mt-6 font-medium">
            {link.message}
          </p>
        ) : fetcher.data?.ok ? null : (
          <fetcher.Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="pay" />
            <Button type="submit" disabled={fetcher.state !== 'idle'} className="min-h-11 w-full">
              {fetcher.state !== 'idle' ? 'Paying…' : 'Pay'}
            </Button>
          </fetcher.Form>
        )}
        {fetcher.data && link.payable && (
          <p role="status" className="mt-4 text-sm">
            {fetcher.data.message}
          </p>
        )}
      </Card>
    </div>
  );
}
