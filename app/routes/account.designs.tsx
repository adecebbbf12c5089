import { data, redirect } from 'react-router';
import { z } from 'zod';
import { requireUser } from '~/features/account/session.server';
import { AccountDesigns } from '~/features/bespoke/account-designs';
import { deleteUserDesign, listUserDesigns } from '~/features/bespoke/designs.server';
import { rootMetaData } from '~/features/site/root-data';
import { readFormData } from '~/lib/request-body.server';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/account.designs';

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Your designs', rootMetaData(matches).settings.shopName);

/** /account/designs: the signed-in shopper's saved designs (a visitor is sent to /login). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const deleted = new URL(request.url).searchParams.get('deleted') === '1';
  return {
    designs: await listUserDesigns(context.db, user.id),
    notice: deleted ? 'The design was deleted.' : null,
  };
}

const deleteSchema = z.object({
  intent: z.literal('delete', { error: 'This action is not known.' }),
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'No such design.'),
});

/**
 * `intent` delete: deletes one of the shopper's own designs; anyone else's, or an unknown id,
 * answers 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const parsed = deleteSchema.safeParse({ intent: form.get('intent'), id: form.get('id') });
  if (!parsed.success) {
    return data({ message: parsed.error.issues[0]?.message ?? 'This action is not known.' }, 400);
  }
  if (!(await deleteUserDesign(context.db, user.id, parsed.data.id))) {
    return data({ message: 'No such design.' }, 404);
  }
  throw redirect('/account/designs?deleted=1');
}

export default function AccountDesignsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountDesigns {...loaderData} notice={actionData?.message ?? loaderData.notice} />;
}
