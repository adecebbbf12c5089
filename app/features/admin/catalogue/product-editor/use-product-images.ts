/**
 * The product editor's image list: the stored images kept (in order) and the photos chosen on
 * the device, not yet uploaded. Chosen photos get object URLs for their thumbnails, freed when
 * they leave the list or the editor closes.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { PRODUCT_LIMITS } from '../product-rules';
import type { AdminProduct } from '../products.server';
import { fitImages, moved } from './image-rules';

/** A stored image the product keeps ('img-…' key and its placeholder). */
export type KeptImage = AdminProduct['images'][number];

/** A photo chosen on the device, not yet uploaded. */
interface AddedImage {
  id: number;
  file: File;
  /** An object URL for its thumbnail; revoked when it leaves the list. */
  url: string;
}

/** What useProductImages returns: both lists, their total, and the edits of each. */
export interface ProductImages {
  kept: KeptImage[];
  added: AddedImage[];
  /** kept + added. */
  count: number;
  /** Adds the photos that fit (toasting each refusal); null or empty does nothing. */
  addFiles: (files: FileList | null) => void;
  moveKept: (index: number, step: -1 | 1) => void;
  removeKept: (image: KeptImage) => void;
  moveAdded: (index: number, step: -1 | 1) => void;
  removeAdded: (image: AddedImage) => void;
}

/** The image list of the editor, starting from the product's stored images (`initial`). */
export function useProductImages(initial: KeptImage[]): ProductImages {
  const [kept, setKept] = useState(initial);
  const [added, setAdded] = useState<AddedImage[]>([]);
  const nextId = useRef(0);

  // Object URLs of chosen photos are freed when the editor closes.
  const addedRef = useRef(added);
  useEffect(() => {
    addedRef.current = added;
  });
  useEffect(() => () => addedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const count = kept.length + added.length;
  return {
    kept,
    added,
    count,
    addFiles: (files) => {
      if (!files || files.length === 0) return;
      const { fitting, problems } = fitImages([...files], PRODUCT_LIMITS.images - count);
      for (const problem of problems) toast.error(problem);
      const taken = fitting.map((file) => ({
        id: nextId.current++,
        file,
        url: URL.createObjectURL(file),
      }));
      setAdded((current) => [...current, ...taken]);
    },
    moveKept: (index, step) => setKept((list) => moved(list, index, step)),
    removeKept: (image) => setKept((list) => list.filter((item) => item !== image)),
    moveAdded: (index, step) => setAdded((list) => moved(list, index, step)),
    removeAdded: (image) => {
      URL.revokeObjectURL(image.url);
      setAdded((list) => list.filter((item) => item.id !== image.id));
    },
  };
}
