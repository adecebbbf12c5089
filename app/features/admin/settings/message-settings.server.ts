/**
 * The WhatsApp templates in the back office (issue 20 item 4: "admins set template names in
 * settings"): one name per message and the templates' language code, saved in the
 * 'notifications' row of `site_settings` over the version the form was opened at, in one
 * transaction with its audit entry ('settings.update', entity 'settings', id 'notifications').
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import {
  defaultMessageSettings,
  MESSAGE_TEMPLATES,
  TEMPLATE_PARAMETERS,
  type MessageSettings,
  type MessageTemplate,
} from '~/features/customers/message-settings';
import {
  getMessageSettings,
  LANGUAGE_CODE,
  MESSAGE_SETTINGS_KEY,
  TEMPLATE_NAME,
} from '~/features/customers/message-settings.server';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import type { Actor } from '~/lib/audit.server';

/** The templates' settings and the version (the row's `updated_at`) an edit must present. */
export async function getMessageSettingsForAdmin(
  db: Db,
): Promise<{ settings: MessageSettings; version: string | null }> {
  const [row] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, MESSAGE_SETTINGS_KEY));
  return { settings: await getMessageSettings(db), version: row?.updatedAt.toISOString() ?? null };
}

const templateName = (template: MessageTemplate) => {
  const label = TEMPLATE_PARAMETERS[template].label.toLowerCase();
  return z
    .string()
    .trim()
    .min(1, `Please enter the template name for the ${label}.`)
    .max(512, `Please keep the template name for the ${label} to 512 characters.`)
    .regex(
      TEMPLATE_NAME,
      `The template name for the ${label} takes lower-case letters, digits and underscores only, as in WhatsApp Manager.`,
    );
};

/** The WhatsApp templates form: `version`, `language` and one name per message. */
export const messageSettingsFormSchema = z.object({
  version: z.string().optional(),
  language: z
    .string()
    .trim()
    .regex(
      LANGUAGE_CODE,
      'Please enter the language code as WhatsApp Manager shows it, like en or en_US.',
    ),
  ...(Object.fromEntries(MESSAGE_TEMPLATES.map((key) => [key, templateName(key)])) as Record<
    MessageTemplate,
    ReturnType<typeof templateName>
  >),
});

/**
 * Saves the templates over the version the form was opened at.
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveMessageSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof messageSettingsFormSchema>,
): Promise<string> {
  const next: MessageSettings = {
    language: form.language,
    templates: Object.fromEntries(MESSAGE_TEMPLATES.map((key) => [key, form[key]])) as Record<
      MessageTemplate,
      string
    >,
  };
  return saveSettingsDocument(db, actor, {
    key: MESSAGE_SETTINGS_KEY,
    version: form.version,
    next,
    defaults: defaultMessageSettings,
    what: 'The WhatsApp templates were',
    summary: 'Edited the WhatsApp templates',
    answer: 'WhatsApp templates saved. The next messages use them.',
  });
}
