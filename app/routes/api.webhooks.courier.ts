import { data } from 'react-router';
import { handleCourierWebhook } from '~/features/dispatch/courier-webhook.server';
import type { Route } from './+types/api.webhooks.courier';

/** GET is not a thing here. */
export function loader() {
  return data({ error: 'Not found' }, { status: 404 });
}

/**
 * POST /api/webhooks/courier: the courier's tracking events (issue 32 item 6), trusted by the
 * provider's token alone (features/dispatch/courier-webhook.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleCourierWebhook(request, context);
}
