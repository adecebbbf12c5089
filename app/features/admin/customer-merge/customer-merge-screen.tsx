/**
 * Merging another customer record into this one (/admin/customers/:id/merge; issue 30 item 1,
 * decision 030): staff search for the other record with the one customer search, choose it,
 * read what would move ("Moves 3 measurement versions, 1 appointment …"), which contact values
 * stay, and what stops the merge, then confirm in the back office's confirm dialog. After the
 * merge the screen opens the kept record's page.
 */
import { ArrowLeftIcon, MergeIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { describeMoves, type MergeCounts } from '~/features/customers/customer-merge';
import type { CustomerChoice } from '~/features/customers/customer-search.server';
import type { MergePreview } from '~/features/customers/customer-merge.server';
import { GARMENTS } from '~/features/measurements/garments';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { SearchField } from '~/features/admin/shared/filter-select';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { cn } from '~/lib/utils';
import type { MergePageData } from './customer-merge.server';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The kept record's page (the clients area until the one customer list takes it over). */
const recordPath = (id: number) => `/admin/customers/${id}`;
const mergePath = (id: number) => `/admin/customers/${id}/merge`;

/** The counts the preview lists, in this order, with their labels. */
const COUNT_ROWS: [keyof MergeCounts, string][] = [
  ['measurementProfiles', 'Measurement profiles'],
  ['measurementVersions', 'Measurement versions'],
  ['measurementPhotos', 'Fitting photos'],
  ['designs', 'Saved designs'],
  ['appointments', 'Appointments'],
  ['bespokeOrders', 'Bespoke orders'],
  ['shopOrders', 'Shop orders'],
  ['payments', 'Payments'],
  ['invoices', 'Invoices and vouchers'],
  ['messages', 'Messages'],
  ['notes', 'Notes'],
];

function RecordLine({ record }: { record: CustomerChoice }) {
  return (
    <span>
      <span className="font-medium">{record.name}</span>
      <span className="text-muted-foreground">
        {' '}
        · {formatIndianMobile(record.phone)}
        {record.email ? ` · ${record.email}` : ''}
        {record.hasAccount ? ' · has an account' : ''} · #{record.id}
      </span>
    </span>
  );
}

export function CustomerMergeScreen({ record, q, matches, preview, notice }: MergePageData) {
  return (
    <>
      <Link
        to={recordPath(record.id)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> Back to {record.name}
      </Link>
      <h1 className="mt-2 text-3xl font-semibold break-words sm:text-4xl">
        Merge another record into {record.name}
      </h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        When one person has two records, choose the other one. Its measurements, appointments,
        orders, payments and messages move to this record, blank details here are filled from it,
        its notes are kept, and the other record is deleted.
      </p>
      <p className="mt-2 text-sm">
        Kept: <RecordLine record={record} />
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Find the other record"
        className="mt-6 grid gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <SearchField
          id="merge-search"
          label="Find the other record: name, phone or e-mail"
          value={q}
          maxLength={100}
          placeholder="e.g. Patel, 98250 12345 or @gmail.com"
          autoComplete="off"
          className="sm:min-w-64 sm:flex-1"
        />
        <Button type="submit" className="min-h-11 sm:min-h-10">
          <SearchIcon aria-hidden /> Search
        </Button>
      </Form>

      {q && (
        <Section heading="Records found" padding="md" className="mt-4">
          {matches.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No other record matches “{q}”.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border">
              {matches.map((match) => (
                <li
                  key={match.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <RecordLine record={match} />
                  <Link
                    to={`${mergePath(record.id)}?${new URLSearchParams({ q, with: String(match.id) })}`}
                    className={cn(
                      buttonVariants({ variant: 'outline', size: 'sm' }),
                      'min-h-11 sm:min-h-8',
                    )}
                    aria-label={`Preview merging ${match.name} (#${match.id})`}
                  >
                    Preview merge
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {notice && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-destructive/40 bg-white p-4 text-sm"
        >
          {notice}
        </p>
      )}
      {preview && <PreviewPanel preview={preview} key={preview.fingerprint} />}
    </>
  );
}

function PreviewPanel({ preview }: { preview: MergePreview }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const fetcher = useAdminFetcher({
    onSuccess: () => {
      setConfirming(false);
      void navigate(recordPath(preview.keep.id));
    },
  });
  const { keep, merge } = preview;
  const moves = describeMoves(preview.counts);
  return (
    <Section heading={`Merge ${merge.name} into ${keep.name}`} padding="md" className="mt-6">
      <p className="mt-2 text-sm">
        Merging: <RecordLine record={{ ...merge, hasAccount: merge.accountEmail !== null }} />
      </p>
      <p className="mt-3 font-medium">Moves {moves}.</p>
      <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm sm:max-w-sm">
        {COUNT_ROWS.map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right tabular-nums">{preview.counts[key]}</dd>
          </div>
        ))}
      </dl>

      {preview.fields.length > 0 && (
        <>
          <h3 className="mt-5 font-medium">Details that differ</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {preview.fields.map((field) => (
              <li key={field.field}>
                {field.label}:{' '}
                {field.wins === 'kept' ? (
                  <>
                    keeps “{field.kept}”; “{field.merged}” is not used
                    {field.field === 'notify' ? '' : ' (it is written into the notes)'}.
                  </>
                ) : (
                  <>takes “{field.merged}” (this record has none).</>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.accountMoves && (
        <p className="mt-3 text-sm">
          The account {preview.accountMoves} is linked to this record after the merge, with its
          saved designs and shop orders.
        </p>
      )}
      {preview.sharedGarments.length > 0 && (
        <p className="mt-3 text-sm">
          Measured on both records:{' '}
          {preview.sharedGarments.map((garment) => GARMENTS[garment].label).join(', ')}. Their
          versions are put together here and numbered in the order they were taken, so the newest is
          current.
        </p>
      )}

      {preview.blockers.length > 0 ? (
        <div role="alert" className="mt-4 grid gap-2 text-sm">
          <p className="font-medium">These records cannot be merged yet:</p>
          <ul className="list-disc pl-5">
            {preview.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          className="min-h-11 sm:min-h-10"
          disabled={preview.blockers.length > 0}
          onClick={() => setConfirming(true)}
        >
          <MergeIcon aria-hidden /> Merge records
        </Button>
        <Link
          to={`${mergePath(merge.id)}?${new URLSearchParams({ with: String(keep.id) })}`}
          className={linkClass}
        >
          Keep {merge.name} (#{merge.id}) instead
        </Link>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Merge ${merge.name} into ${keep.name}?`}
        description={
          <>
            Moves {moves} to {keep.name}&rsquo;s record (#{keep.id}), then deletes {merge.name}
            &rsquo;s record (#{merge.id}). This cannot be undone.
          </>
        }
        confirmLabel="Merge"
        busyLabel="Merging…"
        busy={fetcher.state !== 'idle'}
        onConfirm={() =>
          void fetcher.submit(
            {
              intent: 'merge-customers',
              mergeId: String(merge.id),
              fingerprint: preview.fingerprint,
            },
            { method: 'post' },
          )
        }
      />
    </Section>
  );
}
