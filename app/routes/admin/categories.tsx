import { requirePermission } from '~/features/account/session.server';
import { adminHandler, runAdminAction } from '~/features/admin/shared/admin-action.server';
import { CategoriesScreen } from '~/features/admin/catalogue/categories-screen';
import {
  deleteSchema,
  listAdminCategories,
  reorderSchema,
  saveCategory,
  saveCategorySchema,
  saveSubcategory,
  saveSubcategorySchema,
  setActiveSchema,
} from '~/features/admin/catalogue/categories.server';
import {
  deleteShelf,
  reorderShelves,
  setShelfActive,
} from '~/features/catalog/catalog-commands.server';
import type { Route } from './+types/categories';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** /admin/categories (issue "Back office" item 2): administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/categories']);
  return { categories: await listAdminCategories(context.db) };
}

/** The screen's actions by `intent`; each checks the role first (runAdminAction). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage } = context;
  return runAdminAction(
    request,
    context,
    {
      'save-category': adminHandler(saveCategorySchema, (input, admin, form) =>
        saveCategory(db, storage, admin, input, form),
      ),
      'save-subcategory': adminHandler(saveSubcategorySchema, (input, admin, form) =>
        saveSubcategory(db, storage, admin, input, form),
      ),
      reorder: adminHandler(reorderSchema, (input, admin) => reorderShelves(db, admin, input)),
      'set-category-active': adminHandler(setActiveSchema, (input, admin) =>
        setShelfActive(db, admin, 'category', input),
      ),
      'set-subcategory-active': adminHandler(setActiveSchema, (input, admin) =>
        setShelfActive(db, admin, 'subcategory', input),
      ),
      'delete-category': adminHandler(deleteSchema, (input, admin) =>
        deleteShelf(db, admin, 'category', input),
      ),
      'delete-subcategory': adminHandler(deleteSchema, (input, admin) =>
        deleteShelf(db, admin, 'subcategory', input),
      ),
    },
    ACTION_PERMISSIONS['/admin/categories'],
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen categories={loaderData.categories} />;
}
