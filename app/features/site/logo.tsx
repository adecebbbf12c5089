import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

/**
 * The shop's logo linking home; the text brand name stands in when the image fails
 * (SPEC.md section 2 "Navigation bar and shell").
 */
export function Logo({ shopName }: { shopName: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${shopName}, home`}>
      {failed ? (
        <span className="font-serif text-lg font-bold text-primary">{shopName}</span>
      ) : (
        <>
          <img
            ref={image}
            src="/logo.svg"
            // The link is named by its aria-label; the name beside the image repeats it.
            alt=""
            width={40}
            height={40}
            className="size-10"
            onError={() => setFailed(true)}
          />
          <span className="font-serif text-lg font-bold leading-tight text-primary md:hidden lg:inline">
            {shopName}
          </span>
        </>
      )}
    </Link>
  );
}
