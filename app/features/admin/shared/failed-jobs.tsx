/**
 * The jobs that failed for good, with their reasons (issue 28 item 3: "the back office shows
 * it"): on an order's page (its own) and on the dashboard (the latest, each with its order).
 * Nothing is shown when none failed.
 */
import { Link } from 'react-router';
import { Section } from '~/components/ui/card';
import { formatShopDateTime } from '~/lib/shop-time';
import type { FailedJobView } from './failed-jobs.server';

export function FailedJobs({
  jobs,
  withOrder = false,
  className,
}: {
  jobs: FailedJobView[];
  /** Link each job to its order (the dashboard). */
  withOrder?: boolean;
  className?: string;
}) {
  if (jobs.length === 0) return null;
  return (
    <Section
      heading="Failed jobs"
      description="Work that can never succeed as it stands, so it is not retried: each reason says what to check."
      className={className}
    >
      <ul className="mt-3 grid gap-3">
        {jobs.map((job) => (
          <li key={job.id} className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm">
            <p className="font-semibold text-amber-950">
              {job.what}
              {withOrder && job.orderNumber && (
                <>
                  {' · '}
                  <Link
                    to={`/admin/orders/${encodeURIComponent(job.orderNumber)}`}
                    className="text-primary underline"
                  >
                    order {job.orderNumber}
                  </Link>
                </>
              )}
            </p>
            <p className="mt-1 text-amber-950">{job.reason}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {job.failedAt ? `Failed ${formatShopDateTime(job.failedAt)}` : 'Failed'} after{' '}
              {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'} · job {job.id}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
