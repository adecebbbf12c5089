/**
 * Which fulfilment steps the customer is told of (issue 30 item 2: "Customers are told of
 * milestones only: confirmed, trial booked, ready for trial, ready for pickup (with the balance
 * due), and delivered or dispatched. Internal stages send nothing."). The trial's booking is
 * the appointment's own message (features/booking/appointment-messages.server.ts); the
 * workshop's stages (measuring, cutting, stitching) stay on the order's page and timeline.
 */
import type { FulfilmentStatus } from '~/lib/schema-enums';

const MILESTONE_LABELS: Partial<Record<FulfilmentStatus, string>> = {
  confirmed: 'Confirmed',
  fitting: 'Ready for trial',
  ready: 'Ready for pickup',
  delivered: 'Delivered',
};

/**
 * The words a customer message gives step `status`, or null for a step that sends nothing
 * (measuring, cutting, stitching).
 */
export function milestoneLabel(status: FulfilmentStatus): string | null {
  return MILESTONE_LABELS[status] ?? null;
}
