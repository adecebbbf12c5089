/**
 * The shopper's side of confirming a cash-on-delivery order (issue 32 item 3), on their order
 * page and on the order's signed link: until confirmed, a form asks for the six-digit code sent
 * on WhatsApp (intent `confirm-cod`, field `code`); once confirmed, it says so.
 */
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { COD_CONFIRMED_MESSAGE } from './cod-rules';

/** What the `confirm-cod` intent answers. */
export interface CodConfirmAnswer {
  ok: boolean;
  message: string;
}

/**
 * The "Cash on delivery" section of a COD order: the code form while it awaits confirmation,
 * or the confirmation. Renders nothing for other orders or a cancelled one.
 */
export function CodConfirmation({
  order,
}: {
  order: {
    paymentMethod: 'online' | 'cod';
    status: string;
    codConfirmedAt: string | null;
  };
}) {
  const fetcher = useFetcher<CodConfirmAnswer>();
  if (order.paymentMethod !== 'cod' || order.status === 'cancelled') return null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const confirmed = order.codConfirmedAt !== null || answer?.ok === true;
  return (
    <Section heading="Cash on delivery" className="mt-8">
      {confirmed ? (
        <p role="status" className="mt-3 font-medium">
          {COD_CONFIRMED_MESSAGE}. Please keep the amount ready for the courier.
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-3 grid max-w-sm gap-3">
          <p className="text-sm text-muted-foreground">
            We sent a six-digit code to your WhatsApp. Enter it to confirm the order; until then it
            is not packed.
          </p>
          <input type="hidden" name="intent" value="confirm-cod" />
          <FormField
            id="cod-code"
            name="code"
            label="Confirmation code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={answer && !answer.ok ? answer.message : undefined}
          />
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            Confirm order
          </Button>
        </fetcher.Form>
      )}
    </Section>
  );
}
