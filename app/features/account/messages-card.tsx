/**
 * The account page's Messages section (issue 20 item 4): E-mail, WhatsApp or Both for the
 * shop's appointment and order messages, with the mobile number when the shopper has no
 * customer record yet. A plain form, so it works without JavaScript; with it, the answer is
 * toasted.
 */
import { useEffect } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Section } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { FieldError, FormField } from '~/components/ui/form-field';
import { toast } from '~/components/ui/toaster';
import { NOTIFY_PREFERENCES, type NotifyPreference } from '~/lib/schema-enums';
import type { AuthActionData } from './auth-form';
import { NOTIFY_LABELS, type MessagesField } from './message-preference';

const HINTS: Record<NotifyPreference, string> = {
  email: 'Confirmations, reminders and order news in your inbox.',
  whatsapp: 'The same messages on WhatsApp.',
  both: 'Each message by e-mail and on WhatsApp.',
};

export function MessagesCard({
  preference,
}: {
  preference: { notify: NotifyPreference; phone: string | null };
}) {
  const answer = useActionData<AuthActionData<MessagesField>>();
  const mine = answer?.state === 'messages' ? answer : undefined;
  const navigation = useNavigation();
  const saving =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save-messages';
  useEffect(() => {
    if (!mine) return;
    if (mine.notice) {
      (mine.ok ? toast.success : toast.error)(mine.notice.title, {
        description: mine.notice.description,
      });
    } else if (!mine.ok && mine.errors) {
      toast.error('Not saved', { description: Object.values(mine.errors)[0] });
    }
  }, [mine]);
  const errors = mine && !mine.ok ? (mine.errors ?? {}) : {};

  return (
    <Section heading="Messages" id="messages">
      <Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-4 grid gap-5"
        aria-label="Messages"
      >
        <input type="hidden" name="intent" value="save-messages" />
        <fieldset
          className="grid gap-3"
          aria-describedby={errors.notify ? 'messages-notify-error' : undefined}
        >
          <legend className="mb-3 text-sm text-muted-foreground">
            How should we send your appointment confirmations, reminders and order updates?
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {NOTIFY_PREFERENCES.map((value) => (
              <label
                key={value}
                htmlFor={`messages-notify-${value}`}
                className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  id={`messages-notify-${value}`}
                  type="radio"
                  name="notify"
                  value={value}
                  defaultChecked={preference.notify === value}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="font-medium">{NOTIFY_LABELS[value]}</span>
                <span className="col-start-2 text-sm text-muted-foreground">{HINTS[value]}</span>
              </label>
            ))}
          </div>
          <FieldError id="messages-notify-error" message={errors.notify} />
        </fieldset>
        {preference.phone ? (
          <p className="text-sm text-muted-foreground">
            WhatsApp messages go to {preference.phone}. To change the number, call the shop.
          </p>
        ) : (
          <FormField
            id="messages-phone"
            name="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            maxLength={20}
            hint="For WhatsApp messages and for the shop to reach you about appointments."
            error={errors.phone}
            className="max-w-sm"
          />
        )}
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating…' : 'Update message preference'}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
