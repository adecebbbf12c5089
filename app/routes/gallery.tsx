import { Fragment, lazy, Suspense, useEffect, useRef } from 'react';
import {
  data,
  Link,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import {
  filterItems,
  galleryQuery,
  imageCategories,
  imageSubcategories,
  parseGalleryFilter,
  toggleType,
  videoSections,
  type GalleryFilter,
  type GalleryItem,
  type MediaType,
} from '~/features/gallery/filter';
import { GalleryCard } from '~/features/gallery/gallery-card';
import { imageUrl } from '~/features/media/image-url';
import { PageHero } from '~/features/site/page-hero';
import { rootMetaData } from '~/features/site/root-data';
import { absoluteUrl, breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import { cn } from '~/lib/utils';
import type { Route } from './+types/gallery';

/** Every gallery item; the filters and the open item are read from the URL by the page. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { ok: true as const, items: await context.catalogue.galleryItems() };
  } catch (error) {
    console.error('gallery: query failed', error);
    return data({ ok: false as const, items: [] as GalleryItem[] }, { status: 503 });
  }
}

/**
 * The viewer (a Radix dialog with pinch-zoom gestures) is not in the page's first download
 * (issue 19 item 2): it is fetched when the pointer or the focus reaches the grid, or when an
 * item is opened (a shared link with `?item=` renders it on the server as before).
 */
const loadViewer = () => import('~/features/gallery/media-viewer');
const MediaViewer = lazy(() => loadViewer().then((module) => ({ default: module.MediaViewer })));
const prefetchViewer = () => void loadViewer();

/** Filter changes and the viewer only change the query: the data stays as it is. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: gallery, matches }) => {
  const { settings, origin } = rootMetaData(matches);
  const first = (gallery?.items ?? []).slice(0, 10);
  return pageMeta({
    title: 'Gallery – Fabrics, Wedding Wear and Our Store',
    description:
      'Photographs and short films of our fabrics, wedding sherwanis and suits, and the showroom in Rajkot.',
    origin,
    path: '/gallery',
    shopName: settings.shopName,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Gallery', path: '/gallery' },
      ]),
      ...first.map((item) => mediaJsonLd(item, origin)),
    ],
  });
};

/** ImageObject or VideoObject structured data of one item (SPEC.md section 2: the first 10). */
function mediaJsonLd(item: GalleryItem, origin: string): object {
  const thumbnail = item.imageKey ? absoluteUrl(origin, imageUrl(item.imageKey, 640)) : undefined;
  if (item.kind === 'video') {
    return {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: item.title,
      description: item.description || item.title,
      thumbnailUrl: thumbnail,
      uploadDate: item.createdAt,
      contentUrl: absoluteUrl(origin, item.videoUrl ?? '/'),
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    name: item.title,
    description: item.description || item.title,
    contentUrl: item.imageKey ? absoluteUrl(origin, imageUrl(item.imageKey, 1440)) : undefined,
    thumbnailUrl: thumbnail,
    uploadDate: item.createdAt,
  };
}

const typeButtons: { type: MediaType; label: string }[] = [
  { type: 'all', label: 'All Media' },
  { type: 'images', label: 'Images' },
  { type: 'videos', label: 'Videos' },
];

/** /gallery (SPEC.md section 2 "Gallery", section 4 "Gallery viewer"). */
export default function Gallery({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filter = parseGalleryFilter(params);
  const shown = filterItems(loaderData.items, filter);
  const openId = Number(params.get('item'));
  const openIndex = shown.findIndex((item) => item.id === openId);
  // When the viewer closes, the focus returns to the card of the item it showed last. That is
  // the item the viewer moved to, not the URL's: the URL follows each move a moment later, and
  // a quick Escape can come before it.
  const lastOpen = useRef<number | null>(null);
  useEffect(() => {
    if (openIndex >= 0) {
      lastOpen.current ??= shown[openIndex]!.id;
    } else if (lastOpen.current !== null) {
      const selector = `[data-gallery-item="${lastOpen.current}"]`;
      lastOpen.current = null;
      // The closing dialog's clean-up (and a busy main thread) may drop the focus to the page
      // after it was placed; for three seconds, or until the visitor acts, a focus that has
      // fallen to nothing goes back to the card (found again, in case it was re-rendered).
      const restore = () => {
        const card = document.querySelector<HTMLElement>(selector);
        const active = document.activeElement;
        if (card && active !== card && (!active || active === document.body)) card.focus();
      };
      document.querySelector<HTMLElement>(selector)?.focus();
      let acted = false;
      const act = () => (acted = true);
      window.addEventListener('pointerdown', act, { once: true, capture: true });
      window.addEventListener('keydown', act, { once: true, capture: true });
      const until = performance.now() + 3000;
      const watch = () => {
        if (acted || performance.now() > until) {
          window.removeEventListener('pointerdown', act, { capture: true });
          window.removeEventListener('keydown', act, { capture: true });
          return;
        }
        restore();
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }
  });

  const href = (next: GalleryFilter, item?: number) => {
    const query = new URLSearchParams(galleryQuery(next));
    if (item !== undefined) query.set('item', String(item));
    const text = query.toString();
    return text ? `/gallery?${text}` : '/gallery';
  };
  const closeViewer = () => {
    if ((location.state as { fromGallery?: boolean } | null)?.fromGallery) void navigate(-1);
    else void navigate(href(filter), { replace: true, preventScrollReset: true });
  };

  const categories = filter.type === 'images' ? imageCategories(loaderData.items) : [];
  const subcategories =
    filter.type === 'images' && filter.category
      ? imageSubcategories(loaderData.items, filter.category)
      : [];

  return (
    <>
      <PageHero
        eyebrow="Gallery"
        heading={`Our Gallery (${shown.length} ${shown.length === 1 ? 'item' : 'items'})`}
        text="Fabrics up close, finished garments and a look around our Rajkot showroom."
      />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <nav aria-label="Media type" className="flex flex-wrap gap-2">
          {typeButtons.map(({ type, label }) => (
            <FilterLink
              key={type}
              to={href(toggleType(filter, type))}
              active={filter.type === type}
            >
              {label}
            </FilterLink>
          ))}
        </nav>
        {categories.length > 0 && (
          <nav aria-label="Category" className="mt-3 flex flex-wrap gap-2">
            <FilterLink to={href({ type: 'images' })} active={!filter.category} small>
              All Categories
            </FilterLink>
            {categories.map((category) => (
              <FilterLink
                key={category.slug}
                to={href({ type: 'images', category: category.slug })}
                active={filter.category === category.slug}
                small
              >
                {category.name}
              </FilterLink>
            ))}
          </nav>
        )}
        {subcategories.length > 0 && (
          <nav aria-label="Subcategory" className="mt-3 flex flex-wrap gap-2">
            {subcategories.map((subcategory) => (
              <FilterLink
                key={subcategory.slug}
                to={href({
                  ...filter,
                  subcategory:
                    filter.subcategory === subcategory.slug ? undefined : subcategory.slug,
                })}
                active={filter.subcategory === subcategory.slug}
                small
              >
                {subcategory.name}
              </FilterLink>
            ))}
          </nav>
        )}

        <div className="mt-8" onPointerOverCapture={prefetchViewer} onFocusCapture={prefetchViewer}>
          {!loaderData.ok ? (
            <Message
              title="Failed to load gallery items."
              text="Please try refreshing the page."
              alert
            />
          ) : shown.length === 0 ? (
            <Message
              title="No gallery items available yet."
              text="Check back later for our latest collection!"
            />
          ) : filter.type === 'videos' ? (
            videoSections.map((section) => {
              const sectionItems = shown.filter((item) => item.videoSection === section.id);
              if (sectionItems.length === 0) return null;
              return (
                <Fragment key={section.id}>
                  <h2 className="mb-4 mt-8 text-2xl font-semibold first:mt-0">{section.label}</h2>
                  <Grid
                    items={sectionItems}
                    href={(item) => href(filter, item.id)}
                    label={section.label}
                  />
                </Fragment>
              );
            })
          ) : (
            <>
              <h2 className="sr-only">Gallery items</h2>
              <Grid items={shown} href={(item) => href(filter, item.id)} label="Gallery items" />
            </>
          )}
        </div>
      </div>
      {openIndex >= 0 && (
        <Suspense fallback={null}>
          <MediaViewer
            items={shown}
            index={openIndex}
            onNavigate={(index) => {
              lastOpen.current = shown[index]!.id;
              void navigate(href(filter, shown[index]!.id), {
                replace: true,
                preventScrollReset: true,
                state: location.state,
              });
            }}
            onClose={closeViewer}
          />
        </Suspense>
      )}
    </>
  );
}

function FilterLink({
  to,
  active,
  small = false,
  children,
}: {
  to: string;
  active: boolean;
  small?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      aria-current={active ? 'true' : undefined}
      className={cn(
        'rounded-full border font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        small ? 'px-3 py-1 text-sm' : 'px-4 py-2 text-sm',
        active
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-white hover:border-primary',
      )}
    >
      {children}
    </Link>
  );
}

function Grid({
  items,
  href,
  label,
}: {
  items: GalleryItem[];
  href: (item: GalleryItem) => string;
  label: string;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
    >
      {items.map((item, index) => (
        <li key={item.id}>
          <GalleryCard item={item} to={href(item)} eager={index < 4} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

function Message({ title, text, alert = false }: { title: string; text: string; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="rounded-lg border border-dashed border-border p-12 text-center"
    >
      <p className="font-serif text-xl font-semibold">{title}</p>
      <p className="mt-2 text-muted-foreground">{text}</p>
    </div>
  );
}
