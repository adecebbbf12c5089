import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { AuditScreen } from '~/features/admin/audit/audit-screen';
import { AUDIT_PAGE_SIZE, listAudit, listAuditEntities } from '~/features/admin/audit/audit.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/audit';
import { PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Audit log', rootMetaData(matches).settings.shopName);

/**
 * /admin/audit: every administrator's change, newest first, 50 a page (`?page=`), optionally
 * of one entity kind (`?entity=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/audit']);
  const search = new URL(request.url).searchParams;
  const entity = search.get('entity')?.trim() || null;
  const page = pageFromSearch(search);
  const [{ rows, total }, entities] = await Promise.all([
    listAudit(context.db, { page, entity: entity ?? undefined }),
    listAuditEntities(context.db),
  ]);
  return {
    rows,
    total,
    page,
    pages: pageCount(total, AUDIT_PAGE_SIZE),
    entity,
    entities: entity && !entities.includes(entity) ? [...entities, entity] : entities,
  };
}

export default function AdminAudit() {
  return <AuditScreen {...useLoaderData<typeof loader>()} />;
}
