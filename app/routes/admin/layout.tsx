import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { requireAdmin } from '~/features/account/session.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Admin Dashboard', rootMetaData(matches).settings.shopName);

/**
 * The frame of /admin and /admin/* (SPEC.md section 2 route table, section 6): the role is
 * checked on the server here and again in every admin loader and action. Admin screens are
 * their own code-split chunks; while one loads, 'Loading admin panel...' shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { admin: { name: user.name } };
}

export default function AdminLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Suspense fallback={<Spinner label="Loading admin panel..." />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
