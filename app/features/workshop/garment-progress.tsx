/**
 * Each garment's progress on the shopper's order pages (issue 31 item 1: "the shopper's order
 * page shows each garment's progress"), in the shopper's words only (`shopperProgress`): 'In
 * making', 'Ready for trial', 'Being altered', 'Ready for pickup', 'Delivered'.
 */
import { Section } from '~/components/ui/card';
import type { GarmentProgress } from './tickets.server';

export function GarmentProgressList({ garments }: { garments: GarmentProgress[] }) {
  if (garments.length === 0) return null;
  return (
    <Section heading="Your garments" className="mt-6">
      <ul aria-label="Progress of each garment" className="mt-3 grid gap-2">
        {garments.map((garment) => (
          <li
            key={garment.position}
            className="flex flex-wrap items-baseline justify-between gap-2 border-b border-border pb-2 last:border-0"
          >
            <span>
              {garment.position}. {garment.garment}
            </span>
            <span className="font-medium">{garment.progress}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
