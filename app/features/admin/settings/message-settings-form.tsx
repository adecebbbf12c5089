/**
 * /admin/settings's WhatsApp templates (issue 20 item 4): the language code and one approved
 * template name per message, each with the body parameters it is sent with, so the owner can
 * write the template in WhatsApp Manager to match. Refusals show beside their field and in a
 * toast.
 */
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import {
  MESSAGE_TEMPLATES,
  TEMPLATE_PARAMETERS,
  type MessageSettings,
} from '~/features/customers/message-settings';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

export function MessageSettingsForm({
  settings,
  version,
}: {
  settings: MessageSettings;
  version: string | null;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate aria-label="WhatsApp templates">
      <input type="hidden" name="intent" value="save-message-settings" />
      <input type="hidden" name="version" value={version ?? ''} />
      <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 font-serif text-lg font-semibold">WhatsApp templates</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          WhatsApp sends the shop&rsquo;s messages through templates approved in WhatsApp Manager.
          Enter each template&rsquo;s name as it is there; its body takes the parameters listed, in
          this order.
        </p>
        <FormField
          id="messages-language"
          name="language"
          label="Template language code"
          defaultValue={settings.language}
          required
          maxLength={6}
          hint="As WhatsApp Manager shows it, e.g. en or en_US."
          error={errors.language}
          className="sm:col-span-2 sm:max-w-xs"
        />
        {MESSAGE_TEMPLATES.map((key) => (
          <FormField
            key={key}
            id={`messages-${key}`}
            name={key}
            label={TEMPLATE_PARAMETERS[key].label}
            defaultValue={settings.templates[key]}
            required
            maxLength={512}
            hint={TEMPLATE_PARAMETERS[key].params
              .map((param, index) => `{{${index + 1}}} ${param}`)
              .join(' · ')}
            error={errors[key]}
          />
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save WhatsApp templates'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
