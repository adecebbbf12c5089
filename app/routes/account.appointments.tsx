import { Link, useLoaderData } from 'react-router';
import { requireUser } from '~/features/account/session.server';
import { ShopperAppointments } from '~/features/booking/shopper-appointments';
import { shopperAppointments } from '~/features/booking/shopper-appointments.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.appointments';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your Appointments', rootMetaData(matches).settings.shopName);

/** /account/appointments: the signed-in shopper's upcoming and past appointments. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return shopperAppointments(context.db, user.id, context.linkSecret);
}

export default function AccountAppointments() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/account" className="text-primary underline">
          Your Account
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-semibold">Your Appointments</h1>
      <ShopperAppointments {...data} />
    </div>
  );
}
