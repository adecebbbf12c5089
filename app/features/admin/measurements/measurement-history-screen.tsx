/**
 * /admin/customers/:id/measurements/:garment: a profile's versions, newest first, each with who
 * took it and when, its values, what changed from the version before, the card, and for a
 * shopper's own set waiting for a check, 'Confirm' (or correct it by recording a new version);
 * and the profile's private fitting photos.
 */
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { GARMENTS, type MeasurementUnit } from '~/features/measurements/garments';
import { MeasurementValues, VersionChangeList } from '~/features/measurements/measurement-values';
import type { MeasuredCustomer, ProfileHistory } from '~/features/measurements/measurements.server';
import type { AdminOutcome } from '~/features/admin/shared/admin-action.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { BackToClient, UnitToggle } from './client-measurements-screen';

export interface MeasurementHistoryScreenProps {
  customer: MeasuredCustomer;
  history: ProfileHistory;
  unit: MeasurementUnit;
  /** The version just saved (from the save's redirect), for the notice. */
  saved: number | null;
  outcome?: AdminOutcome;
}

export function MeasurementHistoryScreen({
  customer,
  history,
  unit,
  saved,
  outcome,
}: MeasurementHistoryScreenProps) {
  const base = `/admin/customers/${customer.id}/measurements`;
  const label = GARMENTS[history.garment].label;
  const notice =
    outcome?.message ??
    (saved ? `Saved ${label.toLowerCase()} measurements, version ${saved}.` : null);
  return (
    <>
      <BackToClient customer={customer} to={base} label={`${customer.name}’s measurements`} />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{label} measurements</h1>
          <p className="mt-1 text-muted-foreground">
            {customer.name} · {history.versions.length}{' '}
            {history.versions.length === 1 ? 'version' : 'versions'}
          </p>
        </div>
        <UnitToggle unit={unit} />
      </div>
      {notice && (
        <p
          role="status"
          className={
            outcome && !outcome.ok
              ? 'mt-4 text-sm text-destructive'
              : 'mt-4 text-sm text-emerald-800'
          }
        >
          {notice}
        </p>
      )}
      <p className="mt-4">
        <Button asChild className="min-h-11">
          <Link to={`${base}/new?garment=${history.garment}`}>Record measurements</Link>
        </Button>
      </p>
      <ol className="mt-6 grid gap-4" aria-label="Versions">
        {history.versions.map((version) => (
          <li key={version.id}>
            <Section
              heading={`Version ${version.version}`}
              padding="md"
              actions={
                <a
                  href={`${base}/${history.garment}/card.pdf?version=${version.version}`}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline sm:min-h-8"
                >
                  Card (PDF) of version {version.version}
                </a>
              }
            >
              <p className="mt-1 text-sm text-muted-foreground">
                {version.selfMeasured ? 'Self-measured by ' : 'Taken by '}
                {version.takenByName} on{' '}
                <time dateTime={version.takenAt}>{formatShopDateTime(version.takenAt)}</time>
                {version.selfMeasured &&
                  (version.confirmedAt ? (
                    <> · confirmed on {formatShopDateTime(version.confirmedAt)}</>
                  ) : (
                    <strong className="ml-1 font-medium text-amber-900">
                      {' '}
                      · awaiting the shop’s check
                    </strong>
                  ))}
              </p>
              {version.selfMeasured && !version.confirmedAt && (
                <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
                  <input type="hidden" name="intent" value="confirm-measurements" />
                  <input type="hidden" name="garment" value={history.garment} />
                  <input type="hidden" name="version" value={version.version} />
                  <Button type="submit" variant="outline" className="min-h-11 sm:min-h-9">
                    Confirm version {version.version}
                  </Button>
                  <Link
                    to={`${base}/new?garment=${history.garment}`}
                    className="text-sm text-primary hover:underline"
                  >
                    Correct it (record a new version)
                  </Link>
                </Form>
              )}
              {version.changes && (
                <div className="mt-3">
                  <h3 className="text-sm font-semibold">
                    Changes from version {version.version - 1}
                  </h3>
                  <VersionChangeList changes={version.changes} unit={unit} />
                </div>
              )}
              <MeasurementValues garment={history.garment} version={version} first={unit} />
            </Section>
          </li>
        ))}
      </ol>
      <section aria-labelledby="fitting-photos" className="mt-8">
        <h2 id="fitting-photos" className="text-xl font-semibold">
          Fitting photos
        </h2>
        {history.photos.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No photos.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {history.photos.map((photo, index) => (
              <li key={photo.id}>
                <Card padding="none" className="overflow-hidden">
                  <a href={`/admin/measurement-photos/${photo.id}`}>
                    <img
                      src={`/admin/measurement-photos/${photo.id}`}
                      alt={photo.caption || `Fitting view ${index + 1}`}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      className="aspect-[3/4] h-auto w-full object-cover"
                    />
                  </a>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
