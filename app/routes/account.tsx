import {
  CalendarDaysIcon,
  HeartIcon,
  LogOutIcon,
  MapPinIcon,
  PackageIcon,
  RulerIcon,
  ScissorsIcon,
  SettingsIcon,
  ShoppingBagIcon,
} from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import {
  changePassword,
  deleteAccount,
  updateName,
} from '~/features/account/account-actions.server';
import { AccountSettings } from '~/features/account/account-settings';
import {
  getMessagePreference,
  saveMessagePreference,
} from '~/features/account/message-preference.server';
import { MessagesCard } from '~/features/account/messages-card';
import { actionResult } from '~/features/account/auth-form';
import { ProfileCard } from '~/features/account/profile-card';
import { requireUser } from '~/features/account/session.server';
import { countCartItems } from '~/features/cart/cart.server';
import { countOrders } from '~/features/orders/orders.server';
import { countWishlist } from '~/features/wishlist/wishlist.server';
import { useLogout } from '~/features/account/use-logout';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account';
import { readFormData } from '~/lib/request-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your Account', rootMetaData(matches).settings.shopName);

/**
 * /account (SPEC.md section 2 "Account"): signed-in visitors only, with the real cart, wishlist
 * and order counts from the server, and the channel the shop's messages go out on (issue 20).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [cart, wishlist, orders, messages] = await Promise.all([
    countCartItems(context.db, user.id),
    countWishlist(context.db, user.id),
    countOrders(context.db, user.id),
    getMessagePreference(context.db, user.id),
  ]);
  return { user, counts: { cart, wishlist, orders }, messages };
}

/** Rename, change password, delete the account or save the message channel, by `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  switch (form.get('intent')) {
    case 'save-messages':
      return saveMessagePreference(context.db, user, form);
    case 'update-name':
      return updateName(context, request, form);
    case 'change-password':
      return changePassword(context, request, form);
    case 'delete-account':
      return deleteAccount(context, request, form);
    default:
      return actionResult({ ok: false, notice: { title: 'Unknown action' } }, 400);
  }
}

export default function Account() {
  const { user, counts, messages } = useLoaderData<typeof loader>();
  const { logout, busy } = useLogout();
  const tiles = [
    { label: 'Cart', value: `${counts.cart} items`, to: '/checkout', icon: ShoppingBagIcon },
    { label: 'Wishlist', value: `${counts.wishlist} items`, to: '/wishlist', icon: HeartIcon },
    {
      label: 'Orders',
      value: `${counts.orders} ${counts.orders === 1 ? 'order' : 'orders'}`,
      to: '/account/orders',
      icon: PackageIcon,
    },
    // Issue 32 item 1: the address book.
    {
      label: 'Addresses',
      value: 'Your saved addresses',
      to: '/account/addresses',
      icon: MapPinIcon,
    },
    {
      label: 'Appointments',
      value: 'Book, reschedule or cancel',
      to: '/account/appointments',
      icon: CalendarDaysIcon,
    },
    {
      label: 'Measurements',
      value: 'Your garments’ sizes',
      to: '/account/measurements',
      icon: RulerIcon,
    },
    {
      label: 'Designs',
      value: 'Garments you designed',
      to: '/account/designs',
      icon: ScissorsIcon,
    },
    { label: 'Settings', value: 'Password and account', to: '#settings', icon: SettingsIcon },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-semibold">Your Account</h1>
          <p className="mt-2 text-muted-foreground">
            {user.name} · {user.email}
          </p>
        </div>
        <Button type="button" variant="outline" onClick={() => logout()} disabled={busy}>
          <LogOutIcon aria-hidden /> Logout
        </Button>
      </div>
      <ul
        className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3"
        aria-label="Your account at a glance"
      >
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Card
              asChild
              padding="md"
              interactive
              className="flex h-full flex-col gap-2 hover:shadow-md"
            >
              <Link to={tile.to}>
                <tile.icon aria-hidden className="size-6 text-primary" />
                <span className="font-semibold">{tile.label}</span>
                <span className="text-sm text-muted-foreground">{tile.value}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-8">
        <ProfileCard user={user} />
        <MessagesCard preference={messages} />
        <AccountSettings />
      </div>
    </div>
  );
}
