import { ShoppingBagIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { requireUser } from '~/features/account/session.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Checkout', rootMetaData(matches).settings.shopName);

/**
 * /checkout (SPEC.md section 2 route table): signed-in visitors only; anyone else goes to
 * /login and comes back here. Until the cart feature stores lines, every cart is empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Checkout() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Checkout</h1>
      <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-border bg-white px-6 py-16 text-center">
        <ShoppingBagIcon aria-hidden className="size-10 text-muted-foreground" />
        <p className="mt-4 text-xl font-semibold">Cart is empty</p>
        <p className="mt-2 text-muted-foreground">Please add items to your cart before checkout</p>
        <Button asChild className="mt-6">
          <Link to="/wardrobe">Browse the wardrobe</Link>
        </Button>
      </div>
    </div>
  );
}
