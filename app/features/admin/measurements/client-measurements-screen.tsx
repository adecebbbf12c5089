/**
 * /admin/customers/:id/measurements: a client's measurement profiles, one row per garment
 * (newest version, who took it and when, a self-measured set waiting for a check), with links
 * to record, to the history and to the printable card; and the staff member's unit (cm or in),
 * chosen with a plain form so it works without JavaScript.
 */
import { ArrowLeftIcon } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { GARMENTS, type MeasurementUnit } from '~/features/measurements/garments';
import type { MeasuredCustomer, ProfileSummary } from '~/features/measurements/measurements.server';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import { formatShopDateTime } from '~/lib/shop-time';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { cn } from '~/lib/utils';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline sm:min-h-8';

/** Back to the customer's page (/admin/customers/:id, decision 029). */
export function BackToClient({
  customer,
  to,
  label,
}: {
  customer: MeasuredCustomer;
  to?: string;
  label?: string;
}) {
  return (
    <Link to={to ?? `/admin/customers/${customer.id}`} className={cn(linkClass, 'gap-1 text-sm')}>
      <ArrowLeftIcon className="size-4" aria-hidden /> {label ?? customer.name}
    </Link>
  );
}

/** The cm / in choice: two submit buttons of one form (intent set-unit). */
export function UnitToggle({ unit }: { unit: MeasurementUnit }) {
  return (
    <Form method="post" className="flex items-center gap-2" aria-label="Measurement unit">
      <input type="hidden" name="intent" value="set-unit" />
      <span className="text-sm text-muted-foreground">Show in</span>
      {(['cm', 'in'] as const).map((choice) => (
        <Button
          key={choice}
          type="submit"
          name="unit"
          value={choice}
          size="sm"
          variant={unit === choice ? 'default' : 'outline'}
          aria-pressed={unit === choice}
          className="min-h-11 sm:min-h-9"
        >
          {choice === 'cm' ? 'Centimetres' : 'Inches'}
        </Button>
      ))}
    </Form>
  );
}

export interface ClientMeasurementsScreenProps {
  customer: MeasuredCustomer;
  profiles: ProfileSummary[];
  unit: MeasurementUnit;
}

export function ClientMeasurementsScreen({
  customer,
  profiles,
  unit,
}: ClientMeasurementsScreenProps) {
  const base = `/admin/customers/${customer.id}/measurements`;
  return (
    <>
      <BackToClient customer={customer} />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold break-words sm:text-4xl">Measurements</h1>
          <p className="mt-1 text-muted-foreground">
            {customer.name} · {formatIndianMobile(customer.phone)}
          </p>
        </div>
        <UnitToggle unit={unit} />
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Garments">
        {GARMENT_TYPES.map((garment) => {
          const profile = profiles.find((row) => row.garment === garment);
          const label = GARMENTS[garment].label;
          return (
            <li key={garment}>
              <Section heading={label} level={2} padding="md" className="h-full">
                {profile ? (
                  <p className="mt-2 text-sm">
                    Version {profile.latest.version} · taken by {profile.latest.takenByName} on{' '}
                    <time dateTime={profile.latest.takenAt}>
                      {formatShopDateTime(profile.latest.takenAt)}
                    </time>
                    {profile.latest.selfMeasured && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {profile.awaitingCheck ? 'Self-measured, awaiting check' : 'Self-measured'}
                      </span>
                    )}
                  </p>
                ) : (
                  <p className="mt-2 text-sm text-muted-foreground">Not measured yet.</p>
                )}
                <div className="mt-2 flex flex-wrap gap-x-5 text-sm">
                  <Link
                    to={`${base}/new?garment=${garment}`}
                    className={linkClass}
                    aria-label={`Record ${label} measurements`}
                  >
                    Record measurements
                  </Link>
                  {profile && (
                    <>
                      <Link
                        to={`${base}/${garment}`}
                        className={linkClass}
                        aria-label={`${label} history`}
                      >
                        History ({profile.versionCount})
                      </Link>
                      <a
                        href={`${base}/${garment}/card.pdf?version=${profile.latest.version}`}
                        className={linkClass}
                        aria-label={`${label} measurement card (PDF)`}
                      >
                        Card (PDF)
                      </a>
                    </>
                  )}
                </div>
              </Section>
            </li>
          );
        })}
      </ul>
    </>
  );
}
