import {
  BookOpenIcon,
  CalendarDaysIcon,
  FileTextIcon,
  FolderTreeIcon,
  HistoryIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  ReceiptIcon,
  ScissorsIcon,
  SettingsIcon,
  ShirtIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { requireAdmin } from '~/features/account/session.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import { cn } from '~/lib/utils';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Admin Dashboard', rootMetaData(matches).settings.shopName);

/**
 * The frame of /admin and /admin/* (SPEC.md section 2 route table, section 6; issue "Back
 * office"): the role is checked on the server here and again in every admin loader and
 * action. Each screen is its own code-split chunk; while one loads, 'Loading admin panel...'
 * shows. The screens' menu is a side column on a laptop and a scrolling row on a phone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { admin: { name: user.name, email: user.email } };
}

const SCREENS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboardIcon, end: true },
  { to: '/admin/categories', label: 'Categories', icon: FolderTreeIcon },
  { to: '/admin/products', label: 'Products', icon: ShirtIcon },
  { to: '/admin/media', label: 'Media', icon: ImagesIcon },
  { to: '/admin/orders', label: 'Orders', icon: ReceiptIcon },
  { to: '/admin/invoices', label: 'Invoices', icon: FileTextIcon },
  { to: '/admin/day-book', label: 'Day book', icon: BookOpenIcon },
  { to: '/admin/appointments', label: 'Appointments', icon: CalendarDaysIcon },
  { to: '/admin/style-options', label: 'Style options', icon: ScissorsIcon },
  { to: '/admin/customers', label: 'Customers', icon: UsersIcon },
  { to: '/admin/messages', label: 'Messages', icon: MessageSquareIcon },
  { to: '/admin/settings', label: 'Settings', icon: SettingsIcon },
  { to: '/admin/audit', label: 'Audit log', icon: HistoryIcon },
];

export default function AdminLayout() {
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
          {SCREENS.map(({ to, label, icon: Icon, end }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
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
          ))}
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
