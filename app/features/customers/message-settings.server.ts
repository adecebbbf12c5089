/**
 * Reading the WhatsApp template settings (`site_settings` row 'notifications'). Fields that
 * are missing or invalid take their defaults, so a bad edit never stops a message.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { siteSettings } from '~/lib/schema.server';
import { defaultMessageSettings, type MessageSettings } from './message-settings';

/** The key of the settings row. */
export const MESSAGE_SETTINGS_KEY = 'notifications';

/** A template name as WhatsApp Manager allows it: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
/** A language code as WhatsApp takes it: 'en', 'en_US', 'gu'. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

const t = defaultMessageSettings.templates;
const name = (fallback: string) => z.string().regex(TEMPLATE_NAME).catch(fallback);

const storedSchema = z.object({
  language: z.string().regex(LANGUAGE_CODE).catch(defaultMessageSettings.language),
  templates: z
    .object({
      appointmentConfirmation: name(t.appointmentConfirmation),
      appointmentReminder: name(t.appointmentReminder),
      appointmentChange: name(t.appointmentChange),
      orderStatus: name(t.orderStatus),
    })
    .catch(t),
}) satisfies z.ZodType<MessageSettings>;

/** The message settings, defaults filled in. */
export async function getMessageSettings(db: DbOrTx): Promise<MessageSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, MESSAGE_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}
