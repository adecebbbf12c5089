import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { ProductScreen } from '~/features/admin/catalogue/product-screen';
import {
  getAdminProduct,
  listProductCategoryOptions,
  productHandlers,
} from '~/features/admin/catalogue/products.server';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/product';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  privatePageMeta(
    loaded?.product ? `Edit ${loaded.product.name}` : 'New product',
    rootMetaData(matches).settings.shopName,
  );

/**
 * /admin/products/:id: the editor of product `id`, or of a new product when `id` is 'new'.
 * Administrators only; an unknown product is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/products/:id']);
  const options = await listProductCategoryOptions(context.db);
  if (params.id === 'new') return { product: null, options };
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const product = id > 0 ? await getAdminProduct(context.db, id) : null;
  if (!product) throw data('This product does not exist.', { status: 404 });
  return { product, options };
}

/**
 * The editor's actions by `intent` (save-product, duplicate-product, set-product-active,
 * delete-product); each checks the role first (runAdminAction). Multipart: new images come in
 * the repeated `images` file field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    productHandlers(context.db, context.storage),
    ACTION_PERMISSIONS['/admin/products/:id'],
  );
}

/** After this product is deleted its page has nothing to load; the screen leaves for the list. */
export function shouldRevalidate({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const deleted =
    formData?.get('intent') === 'delete-product' &&
    (actionResult as { ok?: boolean } | null | undefined)?.ok === true;
  return deleted ? false : defaultShouldRevalidate;
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product, options } = loaderData;
  return (
    <ProductScreen
      // A save (a new version) or another product starts the form afresh from the record.
      key={product ? `${product.id}:${product.version}` : 'new'}
      product={product}
      options={options}
    />
  );
}
