/**
 * A saved design, read-only (`/d/<id>`, issue 21 item 2): garment, fabric, options with their
 * pictures and the estimate when saved, with "Open in the configurator" and "Book a
 * measurement".
 */
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Section } from '~/components/ui/card';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { formatRupeesExact } from '~/lib/money';
import { formatShopDate, shopDateOf } from '~/lib/shop-time';
import type { DesignView } from './design-page.server';
import { StylePicture } from './style-drawing';

export function DesignScreen({
  design,
  saved,
  whatsappHref,
}: {
  design: DesignView;
  saved: boolean;
  /** wa.me with the design's short URL. */
  whatsappHref: string;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-semibold sm:text-4xl">{design.garmentLabel} design</h1>
      <p className="mt-2 text-muted-foreground">
        Designed on {formatShopDate(shopDateOf(new Date(design.createdAt)))}. Estimate when saved:{' '}
        <span className="font-semibold text-foreground">
          {formatRupeesExact(design.estimatePaise)}
        </span>
      </p>
      {saved && (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-green-900">
          Saved to your account. Find it again under Your designs.
        </p>
      )}
      <div className="mt-6 grid gap-6 md:grid-cols-[2fr_3fr]">
        {design.fabric && (
          <figure className="self-start overflow-hidden rounded-2xl border border-border bg-white">
            <div className="aspect-square">
              <ResponsiveImage
                imageKey={design.fabric.imageKey}
                alt={design.fabric.name}
                width={600}
                height={600}
                sizes="(min-width: 768px) 340px, 90vw"
                priority
                className="size-full object-cover"
              />
            </div>
            <figcaption className="p-3 text-sm">
              Fabric: <span className="font-medium">{design.fabric.name}</span>
            </figcaption>
          </figure>
        )}
        <Section heading="The choices" padding="md">
          <ul className="mt-3 grid gap-2">
            {design.options.map((option) => (
              <li key={option.group} className="flex items-center gap-3">
                <StylePicture
                  group={option.group}
                  code={option.code}
                  imageKey={option.imageKey}
                  alt={option.name}
                  className="size-12"
                />
                <span className="text-sm">
                  <span className="text-muted-foreground">{option.groupLabel}: </span>
                  <span className="font-medium">{option.name}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={design.configuratorHref}>Open in the configurator</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/book?type=measurement&design=${design.id}`}>Book a measurement</Link>
        </Button>
        <Button asChild variant="outline">
          <a href={whatsappHref} target="_blank" rel="noopener noreferrer">
            Send on WhatsApp
          </a>
        </Button>
      </div>
    </div>
  );
}
