/**
 * /admin/workshop/piece-rates (issue 31 item 8): the owner picks a workshop worker and sets
 * their rate per garment type and stage, in rupees, from a day. A garment type is a block of
 * its stages, so the form reads on a phone as well as on a desk. Below: the rates as set.
 */
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { formatRupeesExact, paiseToRupeesText } from '~/lib/money';
import { formatShopDate } from '~/lib/shop-time';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { PieceRatesView } from '~/features/workshop/wages.server';

const fieldName = (type: string, stage: string) => `rate-${type}-${stage}`;

export function PieceRatesScreen({ view }: { view: PieceRatesView }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const { worker } = view;
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">Piece rates</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        What each worker earns when they finish a stage of a garment. A new rate counts from the day
        you choose; stages already finished keep what they earned.{' '}
        <a href="/admin/workshop/dues" className="underline">
          Workers’ dues
        </a>
      </p>
      {view.workers.length === 0 ? (
        <p>
          No one has the workshop role yet. Give a member of staff the workshop role on their
          customer page first.
        </p>
      ) : (
        <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor="piece-rates-worker" className="text-sm font-medium">
              Worker
            </label>
            <select
              id="piece-rates-worker"
              name="worker"
              defaultValue={worker?.id ?? ''}
              key={worker?.id ?? ''}
              className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
            >
              {view.workers.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" className="min-h-11 sm:min-h-10">
            Show rates
          </Button>
        </Form>
      )}
      {worker && (
        <fetcher.Form
          method="post"
          noValidate
          className="grid gap-6"
          aria-label={`Piece rates of ${worker.name}`}
          key={worker.id}
        >
          <input type="hidden" name="intent" value="save-piece-rates" />
          <input type="hidden" name="workerId" value={worker.id} />
          <p className="text-sm text-muted-foreground">
            Rates of <strong>{worker.name}</strong> in effect today, in rupees per garment. An empty
            rate is left as it is; 0 stops paying that stage from the day you choose.
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {view.garments.map((garment) => (
              <fieldset
                key={garment.type}
                className="grid gap-3 rounded-xl border border-border bg-white p-4"
              >
                <legend className="px-1 font-serif text-lg font-semibold">{garment.label}</legend>
                <div className="grid grid-cols-2 gap-3">
                  {view.stages.map(({ stage, label }) => {
                    const name = fieldName(garment.type, stage);
                    const rate = view.rates[name];
                    return (
                      <FormField
                        key={stage}
                        id={`piece-rate-${garment.type}-${stage}`}
                        name={name}
                        label={
                          <>
                            {label}
                            <span className="sr-only"> rate of the {garment.label}</span>
                          </>
                        }
                        inputMode="decimal"
                        placeholder="₹"
                        defaultValue={rate === undefined ? '' : paiseToRupeesText(rate)}
                        error={errors[name]}
                      />
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          <div className="flex flex-wrap items-end justify-end gap-3">
            <FormField
              id="piece-rates-from"
              name="effectiveFrom"
              label="In effect from"
              type="date"
              defaultValue={view.today}
              required
              error={errors.effectiveFrom}
            />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Saving…' : 'Save piece rates'}
            </Button>
          </div>
        </fetcher.Form>
      )}
      {worker && view.history.length > 0 && (
        <section className="mt-8" aria-labelledby="piece-rates-history">
          <h2 id="piece-rates-history" className="font-serif text-xl font-semibold">
            Rates as set
          </h2>
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="p-2">
                    From
                  </th>
                  <th scope="col" className="p-2">
                    Garment
                  </th>
                  <th scope="col" className="p-2">
                    Stage
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Rate
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.history.map((row, index) => (
                  <tr key={index} className="border-t border-border">
                    <td className="p-2">{formatShopDate(row.effectiveFrom)}</td>
                    <td className="p-2">{row.garment}</td>
                    <td className="p-2">{row.stageLabel}</td>
                    <td className="p-2 text-right">
                      {row.ratePaise === 0 ? 'None' : formatRupeesExact(row.ratePaise)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
