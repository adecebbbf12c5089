/**
 * The fixed navigation bar (SPEC.md section 2 "Navigation bar and shell"): transparent until
 * the page scrolls past 20 px, then white and blurred; the Wardrobe dropdown opens on hover
 * (closing 300 ms after the pointer leaves) or on click/tap; a menu button replaces the items
 * below 768 px; every menu closes on route change, outside click and Escape.
 */
import { ChevronDownIcon, MenuIcon, SearchIcon, XIcon } from 'lucide-react';
import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, type NavLinkProps } from 'react-router';
import { Button } from '~/components/ui/button';
import type { SessionUser } from '~/features/account/session.server';
import { lazy, Suspense } from 'react';

// The avatar menu's code (a Radix dropdown) is fetched only when a signed-in visitor reaches
// for it (`AccountMenu`); the mobile menu's links when the mobile menu opens.
const MobileUserLinks = lazy(() =>
  import('~/features/account/user-menu').then((module) => ({ default: module.MobileUserLinks })),
);
import { AccountMenu } from '~/features/account/account-menu';
import { CartButton } from '~/features/cart/cart-button';
import { SearchForm } from '~/features/catalog/search-form';
import type { NavCategory } from '~/features/catalog/types';
import { cn } from '~/lib/utils';
import { Logo } from '~/features/site/logo';

/** Scroll offset in px after which the bar turns white (SPEC.md section 9). */
const SCROLLED_THRESHOLD_PX = 20;
/** Delay in ms before a hovered dropdown closes (SPEC.md section 9). */
const DROPDOWN_CLOSE_DELAY_MS = 300;

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/wardrobe', label: 'Wardrobe' },
  { to: '/services', label: 'Services' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
] as const;

type OpenMenu = 'wardrobe' | 'mobile' | null;

/** A click within this many ms of a hover-open does not close the dropdown again. */
const HOVER_CLICK_GRACE_MS = 600;

export function SiteHeader({
  shopName,
  categories,
  user,
}: {
  shopName: string;
  categories: NavCategory[];
  /** The signed-in visitor, or null: Login and Register links instead of the avatar menu. */
  user: Pick<SessionUser, 'name' | 'email' | 'role'> | null;
}) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpenState] = useState<OpenMenu>(null);
  // The latest value, readable synchronously by handlers that run before the next render.
  const openRef = useRef<OpenMenu>(null);
  const setOpen = useCallback((next: OpenMenu | ((current: OpenMenu) => OpenMenu)) => {
    openRef.current = typeof next === 'function' ? next(openRef.current) : next;
    setOpenState(openRef.current);
  }, []);
  const [mobileWardrobeOpen, setMobileWardrobeOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** When the pointer last opened the dropdown (ms), so the click that follows keeps it open. */
  const hoverOpenedAt = useRef(0);
  const header = useRef<HTMLElement>(null);
  const wardrobeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const dropdownId = useId();
  const mobileMenuId = useId();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    setOpen(null);
    setMobileWardrobeOpen(false);
  }, [location.pathname, location.search, setOpen]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (open === 'wardrobe') wardrobeButton.current?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hoverOpen = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    if (openRef.current !== 'wardrobe') hoverOpenedAt.current = performance.now();
    setOpen('wardrobe');
  };
  // A click right after the pointer opened the dropdown keeps it open; otherwise it toggles.
  const toggleWardrobe = () => {
    const justHovered = performance.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    if (openRef.current === 'wardrobe' && justHovered) return;
    setOpen((current) => (current === 'wardrobe' ? null : 'wardrobe'));
  };
  const hoverClose = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(
      () => setOpen((current) => (current === 'wardrobe' ? null : current)),
      DROPDOWN_CLOSE_DELAY_MS,
    );
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-primary',
      isActive ? 'text-primary' : 'text-ink',
    );
  const wardrobeActive = location.pathname === '/wardrobe' || location.pathname === '/category';

  return (
    <header
      ref={header}
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200',
        scrolled || open === 'mobile' ? 'bg-white/85 shadow-sm backdrop-blur-md' : 'bg-transparent',
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo shopName={shopName} />
        <nav aria-label="Main" className="ml-auto hidden md:block">
          <NavItems
            className="flex items-center gap-1"
            linkClassName={linkClass}
            wardrobe={
              <li className="relative" onPointerEnter={hoverOpen} onPointerLeave={hoverClose}>
                <button
                  ref={wardrobeButton}
                  type="button"
                  aria-expanded={open === 'wardrobe'}
                  aria-controls={dropdownId}
                  onClick={toggleWardrobe}
                  className={cn(linkClass({ isActive: wardrobeActive }), 'flex items-center gap-1')}
                >
                  Wardrobe
                  <DisclosureChevron open={open === 'wardrobe'} />
                </button>
                <WardrobeLinks
                  id={dropdownId}
                  hidden={open !== 'wardrobe'}
                  categories={categories}
                  className="absolute left-0 top-full mt-1 w-60 rounded-lg border border-border bg-white py-2 shadow-lg"
                  linkClassName="block px-4 py-2 text-sm hover:bg-muted"
                />
              </li>
            }
          />
        </nav>
        <SearchForm compact className="hidden lg:flex" />
        <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex lg:hidden">
          <Link to="/wardrobe#wardrobe-search" aria-label="Search">
            <SearchIcon aria-hidden />
          </Link>
        </Button>
        <CartButton className="ml-auto md:ml-0" />
        <div className="hidden items-center gap-2 md:flex">
          {user ? <AccountMenu user={user} /> : <GuestLinks />}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open === 'mobile'}
          aria-controls={mobileMenuId}
          onClick={() => setOpen((current) => (current === 'mobile' ? null : 'mobile'))}
        >
          {open === 'mobile' ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
          <span className="sr-only">Menu</span>
        </Button>
      </div>
      <div
        id={mobileMenuId}
        hidden={open !== 'mobile'}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-border bg-white md:hidden"
      >
        {/* Rendered while open only: it needs JavaScript to open, and its copy of every link
            would weigh on each page's HTML (issue 19 item 4). */}
        {open === 'mobile' && (
          <nav aria-label="Mobile" className="px-4 py-3">
            <SearchForm compact className="mb-3 flex" />
            <NavItems
              className="flex flex-col"
              linkClassName="block rounded-md px-3 py-3 font-medium"
              wardrobe={
                <li>
                  <button
                    type="button"
                    aria-expanded={mobileWardrobeOpen}
                    onClick={() => setMobileWardrobeOpen((value) => !value)}
                    className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left font-medium"
                  >
                    Wardrobe
                    <DisclosureChevron open={mobileWardrobeOpen} />
                  </button>
                  <WardrobeLinks
                    hidden={!mobileWardrobeOpen}
                    categories={categories}
                    className="ml-3 border-l border-border pl-3"
                    linkClassName="block px-3 py-2 text-sm"
                  />
                </li>
              }
            />
            {user ? (
              <Suspense fallback={null}>
                <MobileUserLinks user={user} />
              </Suspense>
            ) : (
              <div className="mt-3 flex gap-2 border-t border-border pt-3">
                <GuestLinks wide />
              </div>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}

/**
 * The bar's items in order, each a NavLink (active only on its exact path) with
 * `linkClassName`, except Wardrobe, which is `wardrobe` (an `<li>` with its own button and
 * submenu).
 */
function NavItems({
  className,
  linkClassName,
  wardrobe,
}: {
  className: string;
  linkClassName: NavLinkProps['className'];
  wardrobe: ReactNode;
}) {
  return (
    <ul className={className}>
      {links.map((link) =>
        link.to === '/wardrobe' ? (
          <Fragment key={link.to}>{wardrobe}</Fragment>
        ) : (
          <li key={link.to}>
            <NavLink to={link.to} end className={linkClassName}>
              {link.label}
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
}

/** The Wardrobe submenu: "All Wardrobe" (in bold), then the wardrobe filtered by each category. */
function WardrobeLinks({
  categories,
  linkClassName,
  ...list
}: {
  categories: NavCategory[];
  /** The classes of every link; "All Wardrobe" adds font-semibold. */
  linkClassName: string;
  id?: string;
  hidden: boolean;
  className: string;
}) {
  return (
    <ul {...list}>
      <li>
        <Link to="/wardrobe" className={cn(linkClassName, 'font-semibold')}>
          All Wardrobe
        </Link>
      </li>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/wardrobe?category=${encodeURIComponent(category.slug)}`}
            className={linkClassName}
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The chevron of a disclosure button, turned up while its menu is open. */
function DisclosureChevron({ open }: { open: boolean }) {
  return (
    <ChevronDownIcon
      aria-hidden
      className={cn('size-4 transition-transform', open && 'rotate-180')}
    />
  );
}

/**
 * Login and Register for a visitor who is not signed in: small buttons in the bar, or
 * (`wide`) two halves of a row in the mobile menu.
 */
function GuestLinks({ wide = false }: { wide?: boolean }) {
  const size = wide ? 'default' : 'sm';
  const className = wide ? 'flex-1' : undefined;
  return (
    <>
      <Button asChild variant={wide ? 'outline' : 'ghost'} size={size} className={className}>
        <Link to="/login">Login</Link>
      </Button>
      <Button asChild size={size} className={className}>
        <Link to="/register">Register</Link>
      </Button>
    </>
  );
}
