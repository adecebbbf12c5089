/**
 * /admin/settings's form (issue "Back office" item 8): the shop's name and contact numbers,
 * address, map location, opening hours (rows added and removed in place) and social links.
 * Refusals show beside their field and in a toast; what was typed stays.
 */
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { MAX_HOURS_ROWS, type SiteSettings } from '~/features/site/settings';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-white p-5 sm:grid-cols-2">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function SettingsScreen({
  settings,
  version,
}: {
  settings: SiteSettings;
  version: string | null;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const [rows, setRows] = useState(() => settings.hours.map((hours, id) => ({ id, ...hours })));
  const field = (
    name: string,
    label: string,
    value: string,
    props: Partial<Parameters<typeof FormField>[0]> = {},
  ) => (
    <FormField
      id={`settings-${name}`}
      name={name}
      label={label}
      defaultValue={value}
      error={errors[name]}
      {...props}
    />
  );
  return (
    <fetcher.Form method="post" className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="save-settings" />
      <input type="hidden" name="version" value={version ?? ''} />
      <Section title="The shop">
        {field('shopName', 'Shop name', settings.shopName, { maxLength: 80, required: true })}
        {field('tagline', 'Tagline', settings.tagline, { maxLength: 160, required: true })}
      </Section>
      <Section title="Phone, WhatsApp and e-mail">
        {field('phone', 'Phone number', settings.phone, {
          type: 'tel',
          required: true,
          hint: 'Shown on every page and dialled as written.',
        })}
        {field('email', 'E-mail', settings.email, { type: 'email', required: true })}
        {field('whatsappNumber', 'Shop WhatsApp number', `+${settings.whatsappNumber}`, {
          type: 'tel',
          required: true,
          hint: 'The footer and contact page chat with this number.',
        })}
        {field(
          'enquiryWhatsappNumber',
          'Enquiry WhatsApp number',
          `+${settings.enquiryWhatsappNumber}`,
          { type: 'tel', required: true, hint: 'Product enquiries are sent to this number.' },
        )}
      </Section>
      <Section title="Address and map">
        {field('street', 'Street address', settings.address.street, {
          required: true,
          className: 'sm:col-span-2',
        })}
        {field('city', 'City', settings.address.city, { required: true })}
        {field('region', 'State', settings.address.region, { required: true })}
        {field('postalCode', 'PIN code', settings.address.postalCode, {
          inputMode: 'numeric',
          required: true,
        })}
        {field('country', 'Country code', settings.address.country, {
          maxLength: 2,
          required: true,
        })}
        {field('latitude', 'Latitude', String(settings.geo.latitude), {
          inputMode: 'decimal',
          required: true,
          hint: 'The map pin on the contact page, e.g. 22.3039.',
        })}
        {field('longitude', 'Longitude', String(settings.geo.longitude), {
          inputMode: 'decimal',
          required: true,
          hint: 'e.g. 70.8022.',
        })}
      </Section>
      <fieldset className="grid gap-3 rounded-xl border border-border bg-white p-5">
        <legend className="px-1 font-serif text-lg font-semibold">Opening hours</legend>
        {errors.hoursDays && (
          <p role="alert" className="text-sm text-destructive">
            {errors.hoursDays}
          </p>
        )}
        <ul className="grid gap-3">
          {rows.map((row, index) => (
            <li key={row.id} className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
              <Input
                name="hoursDays"
                aria-label={`Days, row ${index + 1}`}
                defaultValue={row.days}
                placeholder="Monday to Saturday"
                maxLength={60}
              />
              <Input
                name="hoursOpens"
                aria-label={`Opens, row ${index + 1}`}
                defaultValue={row.opens}
                placeholder="10:00 AM"
                maxLength={60}
              />
              <Input
                name="hoursCloses"
                aria-label={`Closes, row ${index + 1}`}
                defaultValue={row.closes}
                placeholder="8:00 PM"
                maxLength={60}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove row ${index + 1} of the opening hours`}
                onClick={() => setRows(rows.filter((other) => other.id !== row.id))}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={rows.length >= MAX_HOURS_ROWS}
            onClick={() =>
              setRows([
                ...rows,
                { id: Math.max(0, ...rows.map((r) => r.id + 1)), days: '', opens: '', closes: '' },
              ])
            }
          >
            <PlusIcon aria-hidden /> Add a row
          </Button>
        </div>
      </fieldset>
      <Section title="Social links">
        {field('instagram', 'Instagram', settings.social.instagram ?? '', { type: 'url' })}
        {field('facebook', 'Facebook', settings.social.facebook ?? '', { type: 'url' })}
        {field('youtube', 'YouTube', settings.social.youtube ?? '', {
          type: 'url',
          hint: 'Leave a link empty to hide it.',
        })}
      </Section>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
