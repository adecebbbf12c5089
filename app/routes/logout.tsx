import { data, redirect } from 'react-router';
import { callAuthEndpoint } from '~/features/account/session.server';
import { flashCookie } from '~/features/site/flash.server';
import type { Route } from './+types/logout';

/** GET /logout does nothing: signing out is a POST, so a link or an image cannot do it. */
export function loader() {
  return redirect('/');
}

/**
 * Signs out (SPEC.md section 4: "Signing out sends the browser to the root path") and shows
 * 'Logged out' / 'You have been successfully logged out.' on the next page. A failure answers
 * 500 with `{ error }`, which the menu reports as 'Logout error'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const result = await callAuthEndpoint(context, request, '/sign-out', {});
    const headers = new Headers(result.headers);
    headers.append(
      'Set-Cookie',
      flashCookie('logged-out', context.env.PUBLIC_URL.startsWith('https://')),
    );
    return redirect('/', { headers });
  } catch (error) {
    console.warn('logout failed', error);
    return data({ error: 'logout failed' }, { status: 500 });
  }
}
