import { useLoaderData } from 'react-router';
import { requirePermission } from '~/features/account/session.server';
import { isMessageStatus } from '~/features/contact/message-status';
import { MessagesScreen } from '~/features/admin/messages/messages-screen';
import {
  listMessages,
  MESSAGES_PAGE_SIZE,
  messageHandlers,
} from '~/features/admin/messages/messages.server';
import { runAdminAction } from '~/features/admin/shared/admin-action.server';
import { pageCount, pageFromSearch } from '~/features/admin/shared/paging';
import { rootMetaData } from '~/features/site/root-data';
import { privatePageMeta } from '~/lib/seo';
import type { Route } from './+types/messages';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '~/features/admin/shared/permissions.server';

/** The tab's title; never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta('Messages', rootMetaData(matches).settings.shopName);

/**
 * /admin/messages: the contact form's messages, newest first, 25 a page (`?page=`), filtered
 * by `?status=` (new, read, answered; anything else shows all).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, PAGE_PERMISSIONS['/admin/messages']);
  const search = new URL(request.url).searchParams;
  const status = search.get('status');
  const filter = isMessageStatus(status) ? status : undefined;
  const page = pageFromSearch(search);
  const result = await listMessages(context.db, { page, status: filter });
  return {
    ...result,
    filter: filter ?? null,
    page,
    pages: pageCount(result.total, MESSAGES_PAGE_SIZE),
  };
}

/** Marks a message read, answered or new (`intent` mark-read, mark-answered, mark-new; `id`). */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(
    request,
    context,
    messageHandlers(context.db),
    ACTION_PERMISSIONS['/admin/messages'],
  );
}

export default function AdminMessages() {
  return <MessagesScreen {...useLoaderData<typeof loader>()} />;
}
