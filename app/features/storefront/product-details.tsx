/**
 * The product page's main block (SPEC.md section 2 "Product detail"): image, name, category,
 * type, fabric, price, size chips (first preselected), colours, the enquiry and Back buttons,
 * and "Book a measurement" for products cut to measure (issue 20 item 2). Each size is a
 * variant (issue 29 item 2): the price shown follows the chosen size, and a size with no stock
 * left is shown as sold out and cannot be added.
 */
import { ArrowLeftIcon, RulerIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { formatRupees } from '~/lib/money';
import { cn } from '~/lib/utils';
import { AddToCartButton } from '~/features/cart/add-to-cart-button';
import { WishlistButton } from '~/features/wishlist/wishlist-button';
import { measurementBookingPath } from '~/features/catalog/booking-links';
import { EnquiryButton } from '~/features/catalog/enquiry-button';
import type { ProductPage } from '~/features/catalog/types';
import {
  formatLength,
  formatMetres,
  lengthChoices,
  metreLinePaise,
} from '~/features/catalog/sale-units';
import { firstSize } from '~/features/catalog/variants';

export function ProductDetails({
  product,
  whatsappNumber,
  backTo,
}: {
  product: ProductPage;
  whatsappNumber: string;
  /** Where Back goes when there is no history to go back to. */
  backTo: string;
}) {
  const navigate = useNavigate();
  const [size, setSize] = useState(firstSize(product.variants));
  const variant = product.variants.find((offer) => offer.size === size);
  const pricePaise = variant?.pricePaise ?? product.pricePaise;
  const soldOut = variant?.soldOut ?? false;
  const [color, setColor] = useState(product.colors[0]);
  const lengths = lengthChoices(product);
  const [lengthCm, setLengthCm] = useState(lengths[0] ?? 0);
  const measurementPath = measurementBookingPath(product);
  return (
    <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
      <div className="overflow-hidden rounded-xl border border-border bg-white md:sticky md:top-20 md:self-start">
        <ResponsiveImage
          imageKey={product.imageKeys[0] ?? null}
          placeholder={product.imagePlaceholder}
          alt={product.name}
          width={1200}
          height={1500}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          fallbackWidth={960}
          priority
          className="aspect-[4/5] w-full"
        />
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          onClick={() => {
            if (window.history.length > 1) void navigate(-1);
            else void navigate(backTo);
          }}
        >
          <ArrowLeftIcon aria-hidden />
          Back
        </Button>
        <h1 className="mt-2 text-3xl font-semibold leading-tight sm:text-4xl">{product.name}</h1>
        {product.rating > 0 && (
          <p className="mt-2 flex items-center gap-1 text-sm text-muted-foreground">
            <StarIcon aria-hidden className="size-4 fill-accent text-accent" />
            <span>
              {product.rating.toFixed(1)} out of 5
              {product.reviewsCount > 0 && ` (${product.reviewsCount} reviews)`}
            </span>
          </p>
        )}
        <p className="mt-4 text-3xl font-semibold text-primary">
          {formatRupees(pricePaise)}
          {product.saleUnit === 'metre' && (
            <span className="text-base font-normal text-muted-foreground"> a metre</span>
          )}
        </p>
        <p className="mt-4 leading-relaxed text-muted-foreground">{product.description}</p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">Category</dt>
          <dd>{product.categoryName}</dd>
          {product.subcategoryName && (
            <>
              <dt className="font-medium">Type</dt>
              <dd>{product.subcategoryName}</dd>
            </>
          )}
          {product.fabricType && (
            <>
              <dt className="font-medium">Fabric</dt>
              <dd>{product.fabricType}</dd>
            </>
          )}
        </dl>
        {product.variants.length > 0 && (
          <ChipGroup
            label="Size"
            options={product.variants.map((offer) => offer.size)}
            unavailable={product.variants.filter((offer) => offer.soldOut).map((o) => o.size)}
            value={size}
            onChange={setSize}
          />
        )}
        {product.colors.length > 0 && (
          <ChipGroup label="Colour" options={product.colors} value={color} onChange={setColor} />
        )}
        {lengths.length > 0 && (
          <LengthChooser
            lengths={lengths}
            value={lengthCm}
            onChange={setLengthCm}
            pricePaise={product.pricePaise}
          />
        )}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {soldOut && (
            <p className="w-full text-sm font-medium text-destructive">
              Size {size} is sold out. Please choose another size.
            </p>
          )}
          <AddToCartButton
            disabled={soldOut}
            productId={product.id}
            productSize={size}
            productColor={color ?? ''}
            lengthCm={lengthCm}
            size="lg"
          />
          <WishlistButton productId={product.id} productName={product.name} className="size-12" />
        </div>
        <div className="mt-4">
          <EnquiryButton
            product={product}
            size={lengths.length > 0 ? formatLength(lengthCm) : size}
            color={color}
            whatsappNumber={whatsappNumber}
          />
          <p className="mt-3 text-sm text-muted-foreground">
            Ask about availability, fittings and tailoring; no sign-in needed.
          </p>
          {measurementPath && (
            <Button asChild variant="outline" size="lg" className="mt-4 flex w-fit">
              <Link to={measurementPath}>
                <RulerIcon aria-hidden /> Book a measurement
              </Link>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The length of a cut of a product sold by the metre (issue 29 item 2): a labelled list of
 * the product's steps, and what the chosen length costs (`metreLinePaise`).
 */
function LengthChooser({
  lengths,
  value,
  onChange,
  pricePaise,
}: {
  lengths: number[];
  value: number;
  onChange: (lengthCm: number) => void;
  pricePaise: number;
}) {
  return (
    <div className="mt-6">
      <label htmlFor="product-length" className="text-sm font-medium">
        Length (m)
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <select
          id="product-length"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          className="h-10 rounded-md border border-border bg-white px-3 text-sm"
        >
          {lengths.map((length) => (
            <option key={length} value={length}>
              {formatMetres(length)}
            </option>
          ))}
        </select>
        <p className="text-sm" aria-live="polite">
          {formatLength(value)} × {formatRupees(pricePaise)} a metre ={' '}
          <span className="font-semibold">{formatRupees(metreLinePaise(pricePaise, value))}</span>
        </p>
      </div>
    </div>
  );
}

/** Selectable chips as a radio group (arrow keys move between them). */
function ChipGroup({
  label,
  options,
  unavailable = [],
  value,
  onChange,
}: {
  label: string;
  options: string[];
  /** Options shown as sold out (still choosable, so the shopper sees why). */
  unavailable?: string[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-medium">
        {label}: <span className="font-normal text-muted-foreground">{value}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'cursor-pointer rounded-full border px-4 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              option === value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-white hover:border-primary',
            )}
          >
            <input
              type="radio"
              name={label}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option}
            {unavailable.includes(option) && (
              <span className="text-xs opacity-80"> (sold out)</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
