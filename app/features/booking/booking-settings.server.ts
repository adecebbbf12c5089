/**
 * How the shop takes appointments (issue 20 item 2), kept in `site_settings` under the key
 * 'booking' as one JSON document. Fields that are missing or invalid fall back to the
 * defaults, so a bad edit never stops bookings.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { siteSettings } from '~/lib/schema.server';

/** The key of the booking settings row. */
export const BOOKING_SETTINGS_KEY = 'booking';

/** The booking rules an administrator sets. */
export interface BookingSettings {
  /** Customers may reschedule or cancel until this many hours before (issue 20: default 3). */
  cutoffHours: number;
  /** The earliest slot offered online is this many hours ahead (issue 20: 2). */
  leadHours: number;
  /** The latest day offered online is this many days ahead (issue 20: 60). */
  horizonDays: number;
}

/** The defaults of issue 20. */
const defaultBookingSettings: BookingSettings = {
  cutoffHours: 3,
  leadHours: 2,
  horizonDays: 60,
};

/** The settings an administrator may save; each refusal names its field and range. */
export const bookingSettingsSchema = z.object({
  cutoffHours: z
    .number('Enter the cut-off in hours')
    .int('The cut-off is a whole number of hours')
    .min(0, 'The cut-off is between 0 and 168 hours')
    .max(168, 'The cut-off is between 0 and 168 hours'),
  leadHours: z
    .number('Enter the notice in hours')
    .int('The notice is a whole number of hours')
    .min(0, 'The notice is between 0 and 168 hours')
    .max(168, 'The notice is between 0 and 168 hours'),
  horizonDays: z
    .number('Enter how far ahead in days')
    .int('How far ahead is a whole number of days')
    .min(1, 'How far ahead is between 1 and 365 days')
    .max(365, 'How far ahead is between 1 and 365 days'),
}) satisfies z.ZodType<BookingSettings>;

const storedSchema = z.object({
  cutoffHours: bookingSettingsSchema.shape.cutoffHours.catch(defaultBookingSettings.cutoffHours),
  leadHours: bookingSettingsSchema.shape.leadHours.catch(defaultBookingSettings.leadHours),
  horizonDays: bookingSettingsSchema.shape.horizonDays.catch(defaultBookingSettings.horizonDays),
});

/** The booking settings, defaults filled in. */
export async function getBookingSettings(db: DbOrTx): Promise<BookingSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BOOKING_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}
