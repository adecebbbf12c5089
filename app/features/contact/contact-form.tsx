/**
 * The contact page's message form (SPEC.md section 2 "Contact", section 5): validated in the
 * browser and again by the action, which stores the lead; then the message opens as a
 * WhatsApp chat. Without JavaScript the form posts and the page shows a link to the chat.
 */
import { MessageCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { fieldErrors, type FieldErrors } from '~/lib/forms';
import type { ContactField } from './contact';

/** The form's checks (zod), fetched once someone starts on the form (issue 19 item 2). */
const loadChecks = () => import('./contact');

/** What the contact action answers. */
export type ContactActionData =
  | { ok: true; chatUrl: string }
  | {
      ok: false;
      errors: FieldErrors<ContactField>;
      values: Partial<Record<ContactField, string>>;
      /** A refusal that is not about a field (too many messages). */
      notice?: { title: string; description: string };
    };

const fields: {
  name: ContactField;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}[] = [
  { name: 'name', label: 'Your name', autoComplete: 'name', required: true },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Subject (optional)' },
];

export function ContactForm() {
  const fetcher = useFetcher<ContactActionData>();
  const actionData = useActionData<ContactActionData>();
  const result = fetcher.data ?? actionData;
  const [clientErrors, setClientErrors] = useState<FieldErrors<ContactField>>({});
  const chatWindow = useRef<Window | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const checks = useRef<Awaited<ReturnType<typeof loadChecks>> | null>(null);
  const wantChecks = () => {
    if (!checks.current) void loadChecks().then((module) => (checks.current = module));
  };
  const errors = result && !result.ok ? { ...result.errors, ...clientErrors } : clientErrors;
  const values = result && !result.ok ? result.values : {};
  const notice = result && !result.ok ? result.notice : undefined;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success('Message sent', { description: 'We will reply on WhatsApp or by e-mail.' });
      if (chatWindow.current && !chatWindow.current.closed) {
        chatWindow.current.location.href = fetcher.data.chatUrl;
      } else {
        window.location.href = fetcher.data.chatUrl;
      }
      form.current?.reset();
    } else {
      chatWindow.current?.close();
      const { notice } = fetcher.data;
      if (notice) toast.error(notice.title, { description: notice.description });
      else
        toast.error('Please check the form', { description: 'Some fields need your attention.' });
    }
    chatWindow.current = null;
  }, [fetcher.data]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const data = Object.fromEntries(new FormData(event.currentTarget));
    // Checked here once the checks have arrived (they load when the form is first touched);
    // the action checks every message in any case and answers with the same field errors.
    const parsed = checks.current?.contactSchema.safeParse(data);
    if (parsed && !parsed.success) {
      event.preventDefault();
      setClientErrors(fieldErrors<ContactField>(parsed.error));
      const first = Object.keys(fieldErrors(parsed.error))[0];
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors({});
    // Opened during the click, so the browser allows it; pointed at the chat once stored.
    const opened = window.open('about:blank', '_blank');
    if (opened) opened.opener = null;
    chatWindow.current = opened;
  };

  if (result?.ok && !fetcher.data) {
    return (
      <div role="status" className="rounded-lg border border-border bg-white p-6">
        <p className="font-semibold">Thank you, your message is with us.</p>
        <a
          href={result.chatUrl}
          className="mt-3 inline-flex items-center gap-2 font-medium text-primary underline"
        >
          <MessageCircleIcon aria-hidden className="size-4" /> Continue on WhatsApp
        </a>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      noValidate
      ref={form}
      onSubmit={onSubmit}
      onFocusCapture={wantChecks}
      onPointerDownCapture={wantChecks}
      className="grid gap-4"
      aria-label="Send us a message"
    >
      {notice && (
        <div role="alert" className="rounded-md border border-destructive p-4 text-sm">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.description}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField
            key={field.name}
            id={`contact-${field.name}`}
            {...field}
            defaultValue={values[field.name]}
            error={errors[field.name]}
          />
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          required
          defaultValue={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className="rounded-md border border-border bg-white px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
        />
        {errors.message && (
          <p id="contact-message-error" className="text-sm text-destructive">
            {errors.message}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        <MessageCircleIcon aria-hidden />
        {busy ? 'Sending…' : 'Send via WhatsApp'}
      </Button>
    </fetcher.Form>
  );
}
