/**
 * The product editor's header: "All products", the title, and for a saved product View in
 * shop (when active), Duplicate (opens the copy) and Delete (after a confirmation, then back
 * to the list).
 */
import { ArrowLeftIcon, CopyIcon, ExternalLinkIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import { cn } from '~/lib/utils';
import type { AdminProduct } from '../products.server';

/** The page's title (h1) with Back, View in shop, Duplicate and Delete; `product` null: new. */
export function EditorHeader({ product, title }: { product: AdminProduct | null; title: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const duplicate = useAdminFetcher({
    onSuccess: (outcome) => {
      if (outcome.id !== undefined) navigate(`/admin/products/${outcome.id}`);
    },
  });
  const remove = useAdminFetcher({
    onSuccess: () => {
      setConfirming(false);
      navigate('/admin/products', { replace: true });
    },
  });
  const outline = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-h-11 sm:min-h-9');
  return (
    <div className="grid gap-3">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline sm:min-h-8"
      >
        <ArrowLeftIcon aria-hidden className="size-4" /> All products
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="min-w-0 text-3xl font-semibold break-words sm:text-4xl">{title}</h1>
        {product && (
          <div className="flex flex-wrap gap-2">
            {product.isActive && (
              <a
                href={`/product/${product.id}`}
                target="_blank"
                rel="noreferrer"
                className={outline}
              >
                <ExternalLinkIcon aria-hidden /> View in shop
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <Button
              variant="outline"
              size="sm"
              className="min-h-11 sm:min-h-9"
              disabled={duplicate.state !== 'idle'}
              onClick={() =>
                duplicate.submit(
                  { intent: 'duplicate-product', id: product.id },
                  { method: 'post' },
                )
              }
            >
              <CopyIcon aria-hidden /> {duplicate.state !== 'idle' ? 'Copying…' : 'Duplicate'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11 text-destructive sm:min-h-9"
              onClick={() => setConfirming(true)}
            >
              <Trash2Icon aria-hidden /> Delete
            </Button>
          </div>
        )}
      </div>
      {product && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${product.name}?`}
          description={`${product.name} will be removed from the shop, from carts and from wishlists. Orders that bought it keep their lines. This cannot be undone; to hide it for a while, deactivate it instead.`}
          busy={remove.state !== 'idle'}
          onConfirm={() =>
            remove.submit({ intent: 'delete-product', id: product.id }, { method: 'post' })
          }
        />
      )}
    </div>
  );
}
