import { useActionData, useLoaderData } from 'react-router';
import { answerManagePage, submitManage } from '~/features/booking/manage-page.server';
import { ManageScreen } from '~/features/booking/manage-screen';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/book.manage';

/** One person's appointment: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your Appointment', rootMetaData(matches).settings.shopName);

/**
 * /book/manage/:token: the appointment of a signed manage link; a bad token answers 404, a bad
 * `month` or `date` of the reschedule pickers 400 with its message.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return answerManagePage(request, context, params.token);
}

/** Reschedule or cancel until the cut-off; see `submitManage`. */
export function action({ request, context, params }: Route.ActionArgs) {
  return submitManage(request, context, params.token);
}

export default function ManageAppointment() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return <ManageScreen page={page} refusal={refusal} />;
}
