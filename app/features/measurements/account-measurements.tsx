/**
 * /account/measurements, the shopper's side (issue 20 item 3): their profiles, read-only,
 * with values in cm and inches, who measured and when and the version; what changed from the
 * version before, and each earlier version in its own disclosure (issue 36 item 2, the back
 * office's history without the staff's notes); their fitting photos;
 * and, per garment, 'Submit your own measurements' with the how-to-measure guide. The forms
 * are plain forms inside <details>: the page works at 375 px without JavaScript.
 */
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, Section } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import { formatShopDateTime } from '~/lib/shop-time';
import { PrivatePhotoList } from '~/features/media/private-photo-list';
import { GARMENTS, type MeasurementUnit } from './garments';
import { MeasurementFields } from './measurement-fields';
import { MeasurementValues, VersionChangeList } from './measurement-values';
import { MeasuringGuide } from './measuring-guide';
import type { OwnMeasurementVersion, OwnProfile } from './measurements.server';
import type { SelfMeasuredRefusal } from './self-measured.server';

export interface AccountMeasurementsProps {
  /** The shopper's profiles, each with every version, newest first (issue 36 item 2). */
  profiles: OwnProfile[];
  /** The shopper has no customer record yet: the form asks for a phone too. */
  needsPhone: boolean;
  unit: MeasurementUnit;
  /** The garment and version just submitted (after the redirect). */
  submitted: { garment: string; version: number } | null;
  refusal?: SelfMeasuredRefusal;
}

export function AccountMeasurements({
  profiles,
  needsPhone,
  unit,
  submitted,
  refusal,
}: AccountMeasurementsProps) {
  const other: MeasurementUnit = unit === 'cm' ? 'in' : 'cm';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to="/account" className="text-primary underline">
          Your Account
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-semibold">Your measurements</h1>
      <p className="mt-2 text-muted-foreground">
        What the shop has on record for your garments. Only you and the shop can see them.
      </p>
      {submitted && (
        <p
          role="status"
          className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          Thank you: your{' '}
          {GARMENTS[submitted.garment as keyof typeof GARMENTS]?.label.toLowerCase() ?? ''}{' '}
          measurements were sent (version {submitted.version}). The shop will check them at your
          next visit.
        </p>
      )}
      {profiles.length === 0 ? (
        <Card padding="lg" className="mt-6 border-dashed text-center text-muted-foreground">
          No measurements yet. The shop records them at your measurement appointment, or you can
          send your own below.
        </Card>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label="Your garments">
          {profiles.map((profile) => {
            const [latest, ...earlier] = profile.versions;
            if (!latest) return null;
            return (
              <li key={profile.garment}>
                <Section heading={GARMENTS[profile.garment].label} padding="md">
                  <p className="mt-1 text-sm text-muted-foreground">
                    <VersionByline version={latest} />
                    {profile.awaitingCheck && (
                      <strong className="ml-1 font-medium text-amber-900">
                        {' '}
                        · self-measured, awaiting the shop’s check
                      </strong>
                    )}
                  </p>
                  <VersionChanges version={latest} unit={unit} level={3} />
                  <MeasurementValues garment={profile.garment} version={latest} first={unit} />
                  <PrivatePhotoList
                    photos={profile.photos}
                    path="/account/measurements/photos"
                    label="Fitting photos"
                    alt={(index) => `Fitting view ${index + 1}`}
                  />
                  {earlier.length > 0 && (
                    <div className="mt-4">
                      <h3 className="text-sm font-semibold">Earlier versions</h3>
                      <ol className="mt-2 grid gap-2" aria-label="Earlier versions">
                        {earlier.map((version) => (
                          <li key={version.version}>
                            <details className="rounded-xl border border-border">
                              <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 text-sm">
                                <span>
                                  <VersionByline version={version} />
                                </span>
                              </summary>
                              <div className="border-t border-border px-4 pb-4">
                                <VersionChanges version={version} unit={unit} level={4} />
                                <MeasurementValues
                                  garment={profile.garment}
                                  version={version}
                                  first={unit}
                                />
                              </div>
                            </details>
                          </li>
                        ))}
                      </ol>
                    </div>
                  )}
                </Section>
              </li>
            );
          })}
        </ul>
      )}

      <section aria-labelledby="self-measure" className="mt-10">
        <h2 id="self-measure" className="text-2xl font-semibold">
          Submit your own measurements
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Ask someone to help, keep the tape snug but not tight, and stand naturally. Your set is
          marked self-measured until the shop checks it.{' '}
          <Link to={`?unit=${other}`} className="text-primary underline">
            Measure in {other === 'cm' ? 'centimetres' : 'inches'} instead
          </Link>
        </p>
        <div className="mt-4 grid gap-3">
          {GARMENT_TYPES.map((garment) => {
            const refused = refusal?.garment === garment ? refusal : undefined;
            const label = GARMENTS[garment].label;
            return (
              <details
                key={garment}
                open={Boolean(refused)}
                className="rounded-2xl border border-border bg-white"
              >
                <summary className="flex min-h-12 cursor-pointer items-center px-5 font-medium">
                  {label}: submit your own measurements
                </summary>
                <div className="border-t border-border px-5 py-4">
                  <h3 className="font-semibold">How to measure</h3>
                  <div className="mt-2">
                    <MeasuringGuide garment={garment} />
                  </div>
                  {refused && (
                    <p
                      role="alert"
                      className="mt-4 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
                    >
                      {refused.message}
                    </p>
                  )}
                  <Form
                    method="post"
                    className="mt-4"
                    aria-label={`Your ${label.toLowerCase()} measurements`}
                  >
                    <input type="hidden" name="intent" value="submit-measurements" />
                    <input type="hidden" name="garment" value={garment} />
                    <input type="hidden" name="unit" value={unit} />
                    {needsPhone && (
                      <FormField
                        id={`${garment}-phone`}
                        name="phone"
                        label="Your mobile number"
                        type="tel"
                        autoComplete="tel"
                        required
                        defaultValue={refused?.sent.phone ?? ''}
                        error={refused?.fieldErrors.phone}
                        className="mb-4"
                      />
                    )}
                    <MeasurementFields
                      garment={garment}
                      unit={unit}
                      values={refused ? refused.sent : {}}
                      fit={
                        (refused?.sent.fit as 'slim' | 'regular' | 'relaxed' | undefined) ??
                        'regular'
                      }
                      notes={refused?.sent.notes ?? ''}
                      errors={refused?.fieldErrors}
                      idPrefix={garment}
                    />
                    <Button type="submit" className="mt-6 min-h-11 w-full sm:w-auto">
                      Send my {label.toLowerCase()} measurements
                    </Button>
                  </Form>
                </div>
              </details>
            );
          })}
        </div>
      </section>
    </div>
  );
}

/** 'Version 2 · measured by Master Tailor on 26 Nov 2026, 10:15' (shop time). */
function VersionByline({ version }: { version: OwnMeasurementVersion }) {
  return (
    <>
      Version {version.version} ·{' '}
      {version.selfMeasured ? 'measured by you' : `measured by ${version.takenByName}`} on{' '}
      <time dateTime={version.takenAt}>{formatShopDateTime(version.takenAt)}</time>
      {version.selfMeasured && version.confirmedAt && ' · checked by the shop'}
    </>
  );
}

/** 'Changes from version 1' and its lines (the back office's list); nothing for version 1. */
function VersionChanges({
  version,
  unit,
  level,
}: {
  version: OwnMeasurementVersion;
  unit: MeasurementUnit;
  /** The heading's level where it stands (3 under the garment, 4 under 'Earlier versions'). */
  level: 3 | 4;
}) {
  if (!version.changes) return null;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="mt-3">
      <Heading className="text-sm font-semibold">
        Changes from version {version.version - 1}
      </Heading>
      <VersionChangeList changes={version.changes} unit={unit} />
    </div>
  );
}
