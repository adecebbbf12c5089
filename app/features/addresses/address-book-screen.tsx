/**
 * The address book page (/account/addresses, issue 32 item 1): the shopper's saved addresses,
 * the default first, each with Edit, Delete and Make default; below, the form to add one (or
 * to edit the one chosen). Plain forms: everything works without JavaScript.
 */
import { MapPinIcon } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import type { FieldErrors } from '~/lib/forms';
import { AddressFields } from './address-fields';
import type { SavedAddress } from './addresses-commands.server';
import { addressLines } from './indian-address';

/** What the action answers when it refuses: field messages, or one for the page. */
export interface AddressBookAnswer {
  errors?: FieldErrors;
  message?: string;
}

export function AddressBookScreen({
  addresses,
  editing,
  max,
  answer,
}: {
  addresses: SavedAddress[];
  editing: SavedAddress | null;
  max: number;
  answer?: AddressBookAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = answer?.errors ?? {};
  const full = addresses.length >= max && !editing;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/account" className="text-primary underline">
          Your Account
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-semibold">Your addresses</h1>
      {answer?.message && (
        <p role="alert" className="mt-4 text-destructive">
          {answer.message}
        </p>
      )}
      {addresses.length === 0 ? (
        <Card
          padding="none"
          className="mt-8 flex flex-col items-center border-dashed px-6 py-12 text-center"
        >
          <MapPinIcon aria-hidden className="size-10 text-muted-foreground" />
          <p className="mt-4 text-xl font-semibold">No saved addresses yet</p>
        </Card>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Saved addresses">
          {addresses.map((saved) => (
            <li key={saved.id}>
              <Card padding="md" className="flex h-full flex-col gap-3">
                <p className="font-semibold">
                  {saved.label}
                  {saved.isDefault && (
                    <span className="ml-2 rounded bg-muted px-2 py-0.5 text-xs font-medium">
                      Default
                    </span>
                  )}
                </p>
                <address className="text-sm not-italic">
                  {addressLines(saved).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`?edit=${saved.id}`} aria-label={`Edit ${saved.label}`}>
                      Edit
                    </Link>
                  </Button>
                  <Form method="post">
                    <input type="hidden" name="id" value={saved.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="delete-address"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`Delete ${saved.label}`}
                    >
                      Delete
                    </Button>
                  </Form>
                  {!saved.isDefault && (
                    <Form method="post">
                      <input type="hidden" name="id" value={saved.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="make-default-address"
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Make ${saved.label} the default`}
                      >
                        Make default
                      </Button>
                    </Form>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="mt-8 text-muted-foreground">
          Your address book is full ({max} addresses). Delete one to add another.
        </p>
      ) : (
        <Card asChild className="mt-8 grid gap-4 sm:grid-cols-2">
          <Form
            method="post"
            key={editing?.id ?? 'new'}
            aria-label={editing ? `Edit ${editing.label}` : 'Add an address'}
          >
            <h2 className="text-xl font-semibold sm:col-span-2">
              {editing ? `Edit ${editing.label}` : 'Add an address'}
            </h2>
            {editing && <input type="hidden" name="id" value={editing.id} />}
            <FormField
              id="address-book-label"
              name="label"
              label="Label (e.g. Home, Office)"
              required
              maxLength={40}
              defaultValue={editing?.label ?? ''}
              error={errors.label}
              className="sm:col-span-2"
            />
            <AddressFields idPrefix="address-book" defaults={editing ?? {}} errors={errors} />
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button
                type="submit"
                name="intent"
                value={editing ? 'edit-address' : 'add-address'}
                disabled={busy}
              >
                {editing ? 'Save changes' : 'Save address'}
              </Button>
              {editing && (
                <Button asChild variant="outline">
                  <Link to="/account/addresses">Cancel</Link>
                </Button>
              )}
            </div>
          </Form>
        </Card>
      )}
    </div>
  );
}
