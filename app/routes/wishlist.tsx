import { HeartIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { requireUser } from '~/features/account/session.server';
import { AddToCartButton, addToCartLabel } from '~/features/cart/add-to-cart-button';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { rootMetaData } from '~/features/site/root-data';
import { getWishlistProducts } from '~/features/wishlist/wishlist.server';
import { useWishlist } from '~/features/wishlist/wishlist-context';
import { formatRupees } from '~/lib/money';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('My Wishlist', rootMetaData(matches).settings.shopName);

/**
 * /wishlist (SPEC.md section 2 "Wishlist"): signed-in shoppers' saved products that are still
 * for sale, shown as soon as they are known (no fixed spinner); the page reads them again once
 * changes kept from the page before have reached the server (issue 36 item 1).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { products: await getWishlistProducts(context.db, user.id) };
}

export default function Wishlist() {
  const { products } = useLoaderData<typeof loader>();
  const wishlist = useWishlist();
  const revalidator = useRevalidator();
  // Removals show at once. Once the browser's list is known, it decides (a remove the server
  // has not had yet stays out); adds kept from the page before reach the server on this page's
  // load, and the list is read again then (issue 36 item 1).
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const list = products.filter(
    (product) => !removed.has(product.id) && (!wishlist.synced || wishlist.has(product.id)),
  );
  const { replayed } = wishlist;
  const { revalidate } = revalidator;
  const revalidatedFor = useRef(0);
  useEffect(() => {
    if (replayed <= revalidatedFor.current) return;
    revalidatedFor.current = replayed;
    void revalidate();
  }, [replayed, revalidate]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-semibold">My Wishlist</h1>
        {list.length > 0 && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setRemoved(new Set(products.map((product) => product.id)));
              void wishlist.clear();
            }}
          >
            Clear Wishlist
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-border bg-white px-6 py-16 text-center">
          <HeartIcon aria-hidden className="size-10 text-muted-foreground" />
          <p className="mt-4 text-xl font-semibold">Your wishlist is empty</p>
          <Button asChild className="mt-6">
            <Link to="/wardrobe">Continue Shopping</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Saved products">
          {list.map((product) => (
            <Card asChild padding="sm" key={product.id} className="flex gap-4">
              <li>
                <Link
                  to={`/product/${product.id}`}
                  className="size-24 shrink-0 overflow-hidden rounded-md"
                >
                  <ResponsiveImage
                    imageKey={product.imageKey}
                    placeholder={product.imagePlaceholder}
                    alt={product.name}
                    width={192}
                    height={192}
                    sizes="96px"
                    className="size-full"
                  />
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link to={`/product/${product.id}`} className="font-semibold hover:underline">
                    {product.name}
                  </Link>
                  <p className="font-semibold text-primary">{formatRupees(product.pricePaise)}</p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    <AddToCartButton
                      productId={product.id}
                      productSize={product.defaultSize}
                      productColor={product.defaultColor}
                      lengthCm={product.defaultLengthCm}
                      size="sm"
                      aria-label={addToCartLabel(product.name)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${product.name} from your wishlist`}
                      onClick={() => {
                        setRemoved((current) => new Set([...current, product.id]));
                        void wishlist.remove(product.id);
                      }}
                    >
                      <Trash2Icon aria-hidden /> Remove
                    </Button>
                  </div>
                </div>
              </li>
            </Card>
          ))}
        </ul>
      )}
    </div>
  );
}
