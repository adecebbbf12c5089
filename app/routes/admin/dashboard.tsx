import { useRouteLoaderData } from 'react-router';
import { requireAdmin } from '~/features/account/session.server';
import type { Route } from './+types/dashboard';
import type { loader as layoutLoader } from './layout';

/** /admin: administrators only (checked again here, as in every admin loader). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout');
  return (
    <>
      <h1 className="text-4xl font-semibold">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {layout?.admin.name}.</p>
    </>
  );
}
