/**
 * "Add a walk-in customer" on /admin/customers (decisions 013 and 029): a customer record for
 * someone with no account, a walk-in or phone customer. A phone already on another record is
 * answered with a notice naming and linking the records the one customer search finds on it;
 * "Add anyway" adds a second record on the same phone.
 */
import { useEffect, useState } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { CLIENT_NOTES_MAX_LENGTH } from './record-rules';
import { isSharedPhoneNotice } from '~/features/customers/shared-phone';
import type { CustomerRow } from './customers.server';

/** The classes of the screens' text areas, matching `Input`. */
export const textareaClass =
  'min-h-24 w-full rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:text-sm';

const customerPath = (key: string | number) => `/admin/customers/${encodeURIComponent(key)}`;

/**
 * The "Add a walk-in customer" form in a dialog. A refusal because the phone is on another record shows
 * the records with that phone as links (read from this page's own search) and an "Add anyway"
 * box; a success opens the new record.
 */
export function AddCustomerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const fetcher = useAdminFetcher({ onSuccess: () => onOpenChange(false) });
  // The new record opens once the save and this page's reload are done (navigating while the
  // list still reloads can lose the navigation).
  const createdId = fetcher.data?.ok ? fetcher.data.id : undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && createdId !== undefined) {
      void navigate(customerPath(createdId));
    }
  }, [fetcher.state, createdId, navigate]);
  const matches = useFetcher<{ rows: CustomerRow[] }>();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const sharedPhone = isSharedPhoneNotice(errors.phone);
  const [phone, setPhone] = useState('');
  const { load } = matches;
  useEffect(() => {
    if (sharedPhone && phone) void load(`/admin/customers?q=${encodeURIComponent(phone)}`);
  }, [sharedPhone, phone, load]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Add a walk-in customer</DialogTitle>
        <DialogDescription>
          Someone with no account: a walk-in or phone customer. When they register and verify this
          e-mail, the record joins their account.
        </DialogDescription>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create-client" />
          <FormField
            id="client-name"
            name="name"
            label="Name"
            autoComplete="off"
            maxLength={100}
            required
            error={errors.name}
          />
          <FormField
            id="client-phone"
            name="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="98250 12345"
            required
            hint="An Indian mobile; +91 is added."
            error={sharedPhone ? undefined : errors.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          {sharedPhone && (
            <div
              role="status"
              className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
            >
              <p>{errors.phone}</p>
              {matches.data && matches.data.rows.length > 0 && (
                <ul className="grid gap-1">
                  {matches.data.rows.map((row) => (
                    <li key={row.key}>
                      <Link
                        to={customerPath(row.key)}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>{' '}
                      {row.phone && (
                        <span className="text-muted-foreground">
                          {formatIndianMobile(row.phone)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <label className="flex min-h-11 items-center gap-2 font-medium">
                <input type="checkbox" name="sharedPhone" className="size-4" />
                Add anyway: someone else on the same phone
              </label>
            </div>
          )}
          <FormField
            id="client-email"
            name="email"
            label="E-mail (optional)"
            type="email"
            autoComplete="off"
            maxLength={254}
            error={errors.email}
          />
          <div className="grid gap-2">
            <Label htmlFor="client-notes">Notes (optional)</Label>
            <textarea
              id="client-notes"
              name="notes"
              maxLength={CLIENT_NOTES_MAX_LENGTH}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? 'client-notes-error' : undefined}
              className={textareaClass}
            />
            <FieldError id="client-notes-error" message={errors.notes} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              className="min-h-11 sm:min-h-10"
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy} className="min-h-11 sm:min-h-10">
              {busy ? 'Adding…' : 'Add customer'}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
