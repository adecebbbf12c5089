import { HeartIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { requireUser } from '~/features/account/session.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('My Wishlist', rootMetaData(matches).settings.shopName);

/**
 * /wishlist (SPEC.md section 2 "Wishlist"): signed-in visitors only. Nothing can be saved to
 * a wishlist until the wishlist feature lands, so every wishlist is empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Wishlist() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">My Wishlist</h1>
      <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-border bg-white px-6 py-16 text-center">
        <HeartIcon aria-hidden className="size-10 text-muted-foreground" />
        <p className="mt-4 text-xl font-semibold">Your wishlist is empty</p>
        <Button asChild className="mt-6">
          <Link to="/wardrobe">Continue Shopping</Link>
        </Button>
      </div>
    </div>
  );
}
