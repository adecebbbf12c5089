/**
 * Printing a job card (issue 31 item 4): the card of a garment loaded and drawn in one size,
 * the print recorded in the audit log as a read of the customer's measurements (action
 * 'measurements.view', entity 'measurements', id the customer record's: the log the
 * measurement card's reads go to), so a card is never printed unseen. Measurements print in the
 * workshop settings' unit unless `options.unit` says otherwise.
 */
import type { Actor } from '~/lib/audit.server';
import { recordAudit } from '~/lib/audit.server';
import type { Db } from '~/lib/db.server';
import { renderJobCard, type JobCardSize } from './job-card-pdf.server';
import { loadJobCard, type JobCardOptions } from './job-card.server';
import { getWorkshopSettings } from './workshop-settings.server';

/** A printed card: its bytes and the file name it downloads as. */
interface PrintedJobCard {
  pdf: Buffer;
  /** 'job-card-RT-261128-AB2CD-2-a5.pdf': the order, the garment's place and the size. */
  fileName: string;
}

/**
 * The job card of garment `garmentId` in `size`, audited.
 * @returns null when there is no such garment (nothing is recorded then).
 * @throws when the database, storage, pdfkit or the QR encoder fails.
 */
export async function printJobCard(
  db: Db,
  actor: Actor,
  garmentId: number,
  size: JobCardSize,
  options: JobCardOptions,
): Promise<PrintedJobCard | null> {
  const { unit } = await getWorkshopSettings(db);
  const card = await loadJobCard(db, garmentId, { unit, ...options });
  if (!card) return null;
  const pdf = await renderJobCard(card, size);
  const form = size === 'a5' ? 'A5 job card' : '80 mm slip';
  await recordAudit(db, actor, {
    action: 'measurements.view',
    entity: 'measurements',
    entityId: card.customerId,
    summary: `Printed the ${form} of ${card.garment.label} ${card.garment.position} of order ${card.orderNumber} (${card.customerFirstName})`,
  });
  return {
    pdf,
    fileName: `job-card-${card.orderNumber}-${card.garment.position}-${size}.pdf`,
  };
}
