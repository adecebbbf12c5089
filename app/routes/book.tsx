import { useActionData, useLoaderData } from 'react-router';
import { loadBookingPage, submitBooking } from '~/features/booking/booking-page.server';
import { BookingScreen } from '~/features/booking/booking-screen';
import { rootMetaData } from '~/features/site/root-data';
import { NOINDEX_FOLLOW, pageMeta, webPageJsonLd } from '~/lib/seo';
import type { Route } from './+types/book';

/** The steps depend on free places, which change with every booking: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { settings, origin } = rootMetaData(matches);
  const description =
    'Book a consultation, measurement, trial or pickup at our Rajkot shop: pick a day and a free time, and get a confirmation by e-mail and WhatsApp.';
  return pageMeta({
    title: 'Book an Appointment',
    description,
    origin,
    path: '/book',
    shopName: settings.shopName,
    jsonLd: [
      webPageJsonLd(origin, {
        name: 'Book an Appointment',
        description,
        path: '/book',
        shopName: settings.shopName,
      }),
    ],
    extra: location.search ? [NOINDEX_FOLLOW] : [],
  });
};

/** /book: the step the URL's query reaches (issue 20 item 2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadBookingPage(request, context);
}

/** Confirms a booking; see `submitBooking` for its answers. */
export function action({ request, context }: Route.ActionArgs) {
  return submitBooking(request, context);
}

export default function Book() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return <BookingScreen page={page} refusal={refusal} />;
}
