import { data, redirect } from 'react-router';
import { requireUser } from '~/features/account/session.server';
import { addressBookFields, addressBookSchema } from '~/features/addresses/address-book';
import {
  AddressBookScreen,
  type AddressBookAnswer,
} from '~/features/addresses/address-book-screen';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  MAX_SAVED_ADDRESSES,
  updateAddress,
} from '~/features/addresses/addresses-commands.server';
import { rootMetaData } from '~/features/site/root-data';
import { fieldErrors, formValues } from '~/lib/forms';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { readFormData } from '~/lib/request-body.server';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.addresses';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your addresses', rootMetaData(matches).settings.shopName);

/**
 * /account/addresses (issue 32 item 1): the signed-in shopper's address book; a visitor is
 * sent to /login. `?edit=<id>` opens one of their addresses for editing (another's is 404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const addresses = await listAddresses(context.db, user.id);
  const edit = new URL(request.url).searchParams.get('edit');
  const editing = edit === null ? null : (addresses.find((one) => String(one.id) === edit) ?? null);
  if (edit !== null && !editing) throw data('Address not found', { status: 404 });
  return { addresses, editing, max: MAX_SAVED_ADDRESSES };
}

/**
 * Intents add-address, edit-address, delete-address, make-default-address (zod-parsed,
 * `addressBookSchema`); the shopper's own addresses only: another's id answers 404. Bad
 * fields answer 400, a PIN code India Post does not list or in another state 422, a full book
 * 409, each with the message beside its field; success goes back to the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = addressBookSchema.safeParse(
    formValues(await readFormData(request), addressBookFields),
  );
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error) } satisfies AddressBookAnswer, { status: 400 });
  }
  const request_ = parsed.data;
  try {
    if (request_.intent === 'add-address') {
      await addAddress(context.db, user.id, request_);
    } else if (request_.intent === 'edit-address') {
      await updateAddress(context.db, user.id, request_.id, request_);
    } else if (request_.intent === 'delete-address') {
      await deleteAddress(context.db, user.id, request_.id);
    } else {
      await makeDefaultAddress(context.db, user.id, request_.id);
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const answer: AddressBookAnswer = error.field
      ? { errors: { [error.field]: error.message } }
      : { message: error.message };
    return data(answer, { status: refusalStatus(error.code) });
  }
  throw redirect('/account/addresses');
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressBookScreen {...loaderData} answer={actionData} />;
}
