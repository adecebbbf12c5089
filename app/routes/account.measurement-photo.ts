import { getSessionUser } from '~/features/account/session.server';
import { customerForUser } from '~/features/customers/customers.server';
import { readMeasurementPhoto } from '~/features/measurements/measurements.server';
import { privatePhotoResponse } from '~/features/media/private-photos.server';
import type { Route } from './+types/account.measurement-photo';

/**
 * GET /account/measurements/photos/:id: one of the signed-in shopper's own fitting photos. A
 * visitor, another shopper, an unknown id: the same 404; never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  const customer = user ? await customerForUser(context.db, user.id) : null;
  return privatePhotoResponse(
    customer
      ? await readMeasurementPhoto(context.db, context.storage, params.id, {
          customerId: customer.id,
        })
      : null,
  );
}
