/**
 * A bespoke garment with everything a job card prints (issue 31 item 4), made through the
 * shop's own commands: a catalogue fabric with a swatch picture, a customer record with a phone
 * and an e-mail, a measured sherwani version with fit, posture and notes, and a bespoke order
 * of that sherwani with priced style options (zardozi buttons, a silk lining) and a promised
 * date. Used by the job card's tests and by `npm run bench`'s job card timing.
 */
import type { Db } from '~/lib/db.server';
import { bespokeGarments, categories, orders, products } from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import type { Actor } from '~/lib/audit.server';
import { addShopDays, shopDateOf } from '~/lib/shop-time';
import { eq } from 'drizzle-orm';
import {
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import { createClient } from '~/features/customers/customers-commands.server';
import { storeSvgImage } from '~/features/media/images.server';
import { saveMeasurementVersion } from '~/features/measurements/measurements.server';
import { seedStyleOptions } from '~/seed/seed.server';

/** What the fixture made. */
export interface JobCardGarment {
  garmentId: number;
  orderNumber: string;
  /** The customer's full name, phone and e-mail (none of which but the first name may print). */
  customer: { name: string; phone: string; email: string };
  /** The fabric product's slug (the card's fabric code) and name. */
  fabric: { slug: string; name: string };
  /** 'YYYY-MM-DD'. */
  promisedOn: string;
  /** The garment's price in paise, which no card may print. */
  pricePaise: number;
}

const SWATCH = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <rect width="400" height="400" fill="#1e3a8a"/>
  <path d="M0 0 L400 400 M400 0 L0 400" stroke="#c59a2f" stroke-width="6"/>
</svg>`;

/**
 * Makes the garment. `tag` keeps names apart when called more than once on one database.
 * @throws when a command refuses (a broken fixture).
 */
export async function makeJobCardGarment(
  db: Db,
  storage: Storage,
  actor: Actor,
  tag = '1',
): Promise<JobCardGarment> {
  await seedStyleOptions(db);
  const imageKey = await storeSvgImage(
    db,
    storage,
    SWATCH.replace('#1e3a8a', `#1e3a8${tag.slice(-1)}`),
  );
  // The configurator's fabrics are the products of the 'fabrics' category.
  await db.insert(categories).values({ name: 'Fabrics', slug: 'fabrics' }).onConflictDoNothing();
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'fabrics'));
  const slug = `royal-silk-${tag}`;
  const [product] = await db
    .insert(products)
    .values({
      slug,
      name: 'Royal blue raw silk',
      categoryId: category!.id,
      pricePaise: 250_000,
      imageKeys: [imageKey],
    })
    .returning({ id: products.id });
  const customer = {
    name: 'Kiran Mehta',
    phone: '+919825012345',
    email: `kiran-${tag}-${Date.now()}@example.com`,
  };
  const record = await createClient(db, actor, { ...customer, notes: '', sharedPhone: true });
  const measured = await saveMeasurementVersion(db, {
    customerId: record.id,
    garment: 'sherwani',
    valuesCm: {
      neck: 40.6,
      chest: 104.1,
      stomach: 96.5,
      seat: 102,
      shoulder: 47,
      sleeve: 63.5,
      bicep: 34,
      cuff: 25.4,
      length: 106.7,
    },
    fit: 'slim',
    posture: ['erect', 'right_shoulder_lower'],
    notes: 'Keep the chest easy; he wears it over a kurta.',
    selfMeasured: false,
    takenBy: { id: actor.id, name: 'Ramesh Master' },
  });
  const promisedOn = addShopDays(shopDateOf(new Date()), 21);
  const { number } = await createBespokeOrder(
    db,
    actor,
    createBespokeOrderSchema.parse({
      customerId: String(record.id),
      address: '12 Race Course Road',
      city: 'Rajkot',
      pincode: '360001',
      promisedOn,
      garmentType: 'sherwani',
      fabricSource: 'catalogue',
      fabricProductId: String(product!.id),
      measurementVersionId: String(measured.versionId),
      'option-closure': 'full-button',
      'option-collar': 'prince',
      'option-button': 'zardozi',
      'option-lining': 'silk-crimson',
    }),
    'sandbox',
  );
  const [garment] = await db
    .select({ id: bespokeGarments.id, pricePaise: bespokeGarments.pricePaise })
    .from(bespokeGarments)
    .innerJoin(orders, eq(orders.id, bespokeGarments.orderId))
    .where(eq(orders.number, number));
  return {
    garmentId: garment!.id,
    orderNumber: number,
    customer,
    fabric: { slug, name: 'Royal blue raw silk' },
    promisedOn,
    pricePaise: garment!.pricePaise,
  };
}
