/**
 * The map, loaded only when asked for: a static panel until the visitor clicks, so no
 * third-party request slows or blocks the page.
 */
import { MapPinIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';

export function MapEmbed({
  latitude,
  longitude,
  address,
}: {
  latitude: number;
  longitude: number;
  address: string;
}) {
  const [shown, setShown] = useState(false);
  const query = `${latitude},${longitude}`;
  return (
    <div className="relative aspect-[16/9] w-full overflow-hidden rounded-lg border border-border bg-muted">
      {shown ? (
        <iframe
          title={`Map: ${address}`}
          src={`https://www.google.com/maps?q=${encodeURIComponent(query)}&z=16&output=embed`}
          className="size-full"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-4 bg-[repeating-linear-gradient(45deg,#efe6d8_0_12px,#f5eee3_12px_24px)] p-6 text-center">
          <MapPinIcon aria-hidden className="size-10 text-primary" />
          <p className="max-w-md font-medium">{address}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button type="button" onClick={() => setShown(true)}>
              Show map
            </Button>
            <Button asChild variant="outline">
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open in Google Maps
              </a>
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            The map loads from Google when you ask for it.
          </p>
        </div>
      )}
    </div>
  );
}
