import { requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { ProductsScreen } from '~/features/admin/catalogue/products-screen';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  productFiltersFromSearch,
} from '~/features/admin/catalogue/product-rules';
import {
  listAdminProducts,
  listProductCategoryOptions,
  productHandlers,
} from '~/features/admin/catalogue/products.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/products';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Products', rootMetaData(matches).settings.shopName);

/**
 * /admin/products: 20 products a page (`?page=`), searched by `?q=` (name, slug, fabric),
 * filtered by `?category=`, `?subcategory=`, `?active=yes|no`, `?featured=yes|no` and sorted
 * by `?sort=`. Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/products']);
  const search = new URL(request.url).searchParams;
  const filters = productFiltersFromSearch(search);
  const page = pageFromSearch(search);
  const yesNo = (value: 'yes' | 'no' | null) => (value === null ? null : value === 'yes');
  const [result, options] = await Promise.all([
    listAdminProducts(context.db, {
      page,
      q: filters.q,
      categoryId: filters.categoryId,
      subcategoryId: filters.subcategoryId,
      active: yesNo(filters.active),
      featured: yesNo(filters.featured),
      sort: filters.sort,
    }),
    listProductCategoryOptions(context.db),
  ]);
  return {
    ...result,
    filters,
    options,
    page,
    pages: pageCount(result.total, ADMIN_PRODUCTS_PAGE_SIZE),
  };
}

/**
 * The list's actions by `intent` (duplicate-product, set-product-active, delete-product, and
 * save-product); each checks the role first (runAdminAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    productHandlers(context.db, context.storage),
    ACTION_PERMISSIONS['/admin/products'],
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsScreen {...loaderData} />;
}
