/**
 * The signed-in shopper's saved designs (`/account/designs`, issue 21 item 2): each with its
 * link, estimate and a delete button (a plain form, so it works without JavaScript).
 */
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { formatRupeesExact } from '~/lib/money';
import { formatShopDate, shopDateOf } from '~/lib/shop-time';
import type { DesignListItem } from './designs.server';
import { garmentLabel } from './style-groups';

export function AccountDesigns({
  designs,
  notice,
}: {
  designs: DesignListItem[];
  notice: string | null;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold sm:text-4xl">Your designs</h1>
      <p className="mt-2 text-muted-foreground">
        Garments you designed and saved. Open one to change it, share it or book a measurement.
      </p>
      {notice && (
        <p role="status" className="mt-4 rounded-md bg-muted px-3 py-2">
          {notice}
        </p>
      )}
      {designs.length === 0 ? (
        <Card padding="md" className="mt-6">
          <p>You have no saved designs yet.</p>
          <Link to="/bespoke" className="mt-2 inline-block text-primary underline">
            Design a garment
          </Link>
        </Card>
      ) : (
        <ul className="mt-6 grid gap-3">
          {designs.map((design) => {
            const title = `${garmentLabel(design.garmentType)} in ${design.fabricName ?? 'a fabric no longer sold'}`;
            return (
              <li key={design.id}>
                <Card padding="md" className="flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <Link to={`/d/${design.id}`} className="font-semibold text-primary underline">
                      {title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      Saved {formatShopDate(shopDateOf(new Date(design.createdAt)))} · estimate{' '}
                      {formatRupeesExact(design.estimatePaise)}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={design.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${title}`}
                    >
                      Delete
                    </Button>
                  </Form>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
