/**
 * The back office's dispatch intents on an order's page (issue 32 item 6): 'move-dispatch' (a
 * later stage set by hand: packed, out for delivery, delivered, returned to origin, ready for
 * pickup, collected) and 'ship-order' (books the courier, stores the AWB and tracking URL). The
 * forms are parsed here; the rules, audit and messages are features/dispatch's.
 */
import type { AppLoadContext } from 'react-router';
import * as z from 'zod';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { moveDispatch, shipOrder } from '~/features/dispatch/dispatch.server';
import { DISPATCH_STAGES } from '~/features/dispatch/stages';

const orderNumber = z
  .string({ error: 'This order could not be found.' })
  .trim()
  .min(1, 'This order could not be found.')
  .max(40, 'This order could not be found.');

/** The form of 'move-dispatch': the order and the stage to move it to. */
const moveDispatchSchema = z.object({
  number: orderNumber,
  stage: z.enum(DISPATCH_STAGES, { error: 'Please choose the stage to move the order to.' }),
});

/** The form of 'ship-order': the order to book with the courier. */
const shipOrderSchema = z.object({ number: orderNumber });

/** The intents of the Dispatch section. */
type DispatchIntent = 'move-dispatch' | 'ship-order';

/**
 * The Dispatch section's action handlers, by intent, for `runAdminAction` on
 * /admin/orders/:number; the courier and the links' site come from the request context.
 */
export function dispatchHandlers(context: AppLoadContext): Record<DispatchIntent, AnyAdminHandler> {
  const site = async () => ({
    publicUrl: context.env.PUBLIC_URL,
    linkSecret: context.linkSecret,
    shopName: (await context.catalogue.settings()).shopName,
  });
  return {
    'move-dispatch': adminHandler(moveDispatchSchema, async (input, admin) =>
      moveDispatch(context.db, admin, input, await site()),
    ),
    'ship-order': adminHandler(shipOrderSchema, async (input, admin) =>
      shipOrder(context.db, context.courier, admin, input, await site()),
    ),
  };
}
