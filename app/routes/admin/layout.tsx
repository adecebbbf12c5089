import {
  BookOpenIcon,
  CalendarDaysIcon,
  FileTextIcon,
  FolderTreeIcon,
  HandCoinsIcon,
  HistoryIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  ReceiptIcon,
  ScissorsIcon,
  SettingsIcon,
  ShirtIcon,
  SquareKanbanIcon,
  TicketPercentIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { mayDo, requireStaff } from '~/features/account/session.server';
import { MENU_SCREENS, type MenuPath } from '~/features/admin/shared/permissions.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import { cn } from '~/lib/utils';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Admin Dashboard', rootMetaData(matches).settings.shopName);

/**
 * The frame of /admin and /admin/* (SPEC.md section 2 route table, section 6; issue "Back
 * office"): staff only, checked on the server here and again in every admin loader and
 * action. The menu lists only the screens the role may open (issue 31 item 2), worked out here
 * from the same permission map the screens' loaders check. Each screen is its own code-split
 * chunk; while one loads, 'Loading admin panel...' shows. The screens' menu is a side column
 * on a laptop and a scrolling row on a phone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  return {
    admin: { name: user.name, email: user.email },
    screens: MENU_SCREENS.filter(
      (screen) => screen.needs === null || mayDo(user, screen.needs),
    ).map(({ to, label }) => ({ to, label })),
  };
}

const ICONS: Record<MenuPath, LucideIcon> = {
  '/admin': LayoutDashboardIcon,
  '/admin/categories': FolderTreeIcon,
  '/admin/products': ShirtIcon,
  '/admin/media': ImagesIcon,
  '/admin/orders': ReceiptIcon,
  '/admin/workshop': SquareKanbanIcon,
  '/admin/workshop/dues': HandCoinsIcon,
  '/admin/invoices': FileTextIcon,
  '/admin/day-book': BookOpenIcon,
  '/admin/appointments': CalendarDaysIcon,
  '/admin/style-options': ScissorsIcon,
  '/admin/coupons': TicketPercentIcon,
  '/admin/customers': UsersIcon,
  '/admin/messages': MessageSquareIcon,
  '/admin/settings': SettingsIcon,
  '/admin/audit': HistoryIcon,
};

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Moving to another screen (not revalidating this one after a form was sent).
  const loadingScreen =
    navigation.state === 'loading' &&
    !navigation.formMethod &&
    navigation.location.pathname !== location.pathname &&
    navigation.location.pathname.startsWith('/admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
      <nav
        aria-label="Back office"
        className="-mx-4 mb-6 border-b px-4 lg:mx-0 lg:border-0 lg:px-0"
      >
        <ul className="flex gap-1 overflow-x-auto pb-2 lg:sticky lg:top-24 lg:flex-col lg:pb-0">
          {loaderData.screens.map(({ to, label }) => {
            const Icon = ICONS[to];
            return (
              <li key={to} className="shrink-0">
                <NavLink
                  to={to}
                  // A screen within another's path (Wages in the workshop's) lights only itself.
                  end={
                    to === '/admin' ||
                    loaderData.screens.some(
                      (other) =>
                        other.to.startsWith(`${to}/`) &&
                        (location.pathname === other.to ||
                          location.pathname.startsWith(`${other.to}/`)),
                    )
                  }
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted',
                      isActive && 'bg-primary/10 text-primary',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">
        {loadingScreen ? (
          <Spinner label="Loading admin panel..." />
        ) : (
          <Suspense fallback={<Spinner label="Loading admin panel..." />}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </div>
  );
}
