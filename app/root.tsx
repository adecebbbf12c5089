import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { LazyToaster } from '~/components/ui/toaster';
import { HydrateLater } from '~/components/ui/hydrate-later';
import type { Route } from './+types/root';
import './app.css';
import { fallbackCategories } from '~/features/catalog/fallback-categories';
import type { NavCategory } from '~/features/catalog/types';
import { NoAccessPage, NotFoundPage, UnexpectedErrorPage } from '~/features/site/error-pages';
import { ScrollToTopButton } from '~/features/site/scroll-to-top-button';
import { useSiteSettings } from '~/features/site/use-site-settings';
import { getSessionUser } from '~/features/account/session.server';
import { useFlashNotice } from '~/features/site/use-flash-notice';
import { CartProvider } from '~/features/cart/cart-context';
import { LazyCartDrawer } from '~/features/cart/cart-button';
import { WishlistProvider } from '~/features/wishlist/wishlist-context';
import { readFlash } from '~/features/site/flash.server';
import { SiteFooter } from '~/features/site/site-footer';
import { SiteHeader } from '~/features/storefront/site-header';
import { useServerEvents } from '~/features/site/use-server-events';
import { useServiceWorker } from '~/features/site/use-service-worker';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Site-wide data: the shop's settings, the navigation categories (the built-in list when the
 * database has none, SPEC.md section 4 "Navigation categories"), the public origin for
 * canonical URLs, the CSP nonce, the signed-in user (null for visitors) and a one-time notice
 * carried across a redirect (e.g. 'Logged out').
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, categories, user] = await Promise.all([
    context.catalogue.settings(),
    context.catalogue.navCategories(),
    getSessionUser(request, context),
  ]);
  const flash = readFlash(request);
  const navCategories: NavCategory[] =
    categories.length > 0
      ? categories
      : fallbackCategories.map(({ id, name, slug }) => ({ id, name, slug }));
  return data(
    {
      settings,
      navCategories,
      origin: context.env.PUBLIC_URL,
      nonce: context.cspNonce,
      user,
      notice: flash?.notice ?? null,
    },
    flash ? { headers: { 'Set-Cookie': flash.clear } } : undefined,
  );
}

/**
 * A route's `handle` may ask for a bare page (`{ chrome: 'bare' }`): no shop header, footer,
 * cart drawer or scroll button, for the workshop's one-tap ticket page on a cheap phone
 * (issue 31 item 4).
 */
export type ChromeHandle = { chrome?: 'bare' };

function useBarePage(): boolean {
  return useMatches().some(
    (match) => (match.handle as ChromeHandle | undefined)?.chrome === 'bare',
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const settings = useSiteSettings();
  const nonce = root?.nonce;
  const bare = useBarePage();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f2b" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {bare ? (
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
        ) : (
          <ShopProviders userId={root?.user?.id ?? null}>
            <SiteHeader
              shopName={settings.shopName}
              categories={root?.navCategories ?? []}
              user={root?.user ?? null}
            />
            <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
              {children}
            </main>
            <HydrateLater>
              <SiteFooter settings={settings} categories={root?.navCategories ?? []} />
            </HydrateLater>
            <LazyCartDrawer />
          </ShopProviders>
        )}
        {!bare && <ScrollToTopButton />}
        <LazyToaster position="bottom-right" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The cart and wishlist of the visitor; a new sign-in starts them afresh (keyed by user). */
function ShopProviders({ userId, children }: { userId: string | null; children: React.ReactNode }) {
  return (
    <CartProvider key={`cart-${userId}`} userId={userId}>
      <WishlistProvider key={`wishlist-${userId}`} userId={userId}>
        {children}
      </WishlistProvider>
    </CartProvider>
  );
}

export default function App() {
  const { notice } = useLoaderData<typeof loader>();
  useFlashNotice(notice);
  useServerEvents('catalogue');
  useServiceWorker();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NoAccessPage />;
  const detail =
    import.meta.env.DEV && error instanceof Error ? `${error.message}\n${error.stack}` : undefined;
  return <UnexpectedErrorPage detail={detail} />;
}
