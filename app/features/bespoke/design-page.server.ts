/**
 * A saved design as its short URL `/d/<id>` shows it (issue 21 item 2), read-only, and its
 * social card: a 1200×630 JPEG composed with sharp from the fabric's picture and an SVG of the
 * garment, its options and the estimate, kept in storage so WhatsApp's preview is served from
 * there after the first request.
 */
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import type { Storage } from '~/lib/storage/types';
import { getImageVariant } from '~/features/media/images.server';
import { formatRupees } from '~/lib/money';
import { products } from '~/lib/schema.server';
import { STYLE_OPTION_GROUPS } from '~/lib/schema-enums';
import { designHref } from './configurator';
import {
  fabricForDesign,
  getDesign,
  listStyleOptions,
  type SavedDesign,
} from './style-catalogue.server';
import { garmentLabel, STYLE_GROUP_LABELS, type StyleOptionGroup } from './style-groups';

/** A saved design, ready to show. */
export interface DesignView {
  id: string;
  garmentType: SavedDesign['garmentType'];
  garmentLabel: string;
  fabric: { name: string; imageKey: string | null; pricePerMetrePaise: number } | null;
  options: {
    group: StyleOptionGroup;
    groupLabel: string;
    code: string;
    name: string;
    imageKey: string | null;
  }[];
  estimatePaise: number;
  createdAt: string;
  /** The configurator's summary for this design. */
  configuratorHref: string;
}

/** The design `id` as `/d/<id>` shows it, or null when there is none. */
export async function loadDesignView(db: DbOrTx, id: string): Promise<DesignView | null> {
  const design = await getDesign(db, id);
  if (!design) return null;
  const catalogue = await listStyleOptions(db, { includeInactive: true });
  const byKey = new Map(catalogue.map((o) => [`${o.group}:${o.code}`, o]));
  // In the groups' order (jsonb keeps its keys in an order of its own).
  const chosen = STYLE_OPTION_GROUPS.flatMap((group) => {
    const code = design.options[group];
    return code ? [[group, code] as const] : [];
  });
  const options = chosen.flatMap(([group, code]) => {
    const option = byKey.get(`${group}:${code}`);
    return option
      ? [
          {
            group: option.group,
            groupLabel: STYLE_GROUP_LABELS[option.group],
            code,
            name: option.name,
            imageKey: option.imageKey,
          },
        ]
      : [];
  });
  let fabric: DesignView['fabric'] = null;
  if (design.fabricProductId) {
    const usable = await fabricForDesign(db, design.fabricProductId);
    if (usable) {
      fabric = usable;
    } else {
      const [row] = await db
        .select({ name: products.name, imageKeys: products.imageKeys, price: products.pricePaise })
        .from(products)
        .where(eq(products.id, design.fabricProductId));
      if (row)
        fabric = {
          name: row.name,
          imageKey: row.imageKeys[0] ?? null,
          pricePerMetrePaise: row.price,
        };
    }
  }
  return {
    id: design.id,
    garmentType: design.garmentType,
    garmentLabel: garmentLabel(design.garmentType),
    fabric,
    options,
    estimatePaise: design.estimatePaise,
    createdAt: design.createdAt.toISOString(),
    configuratorHref: designHref(
      {
        garment: design.garmentType,
        fabricId: design.fabricProductId ?? undefined,
        options: design.options,
      },
      'summary',
    ),
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The card's storage key (storage keys are lower case; a design id is not). */
function cardKey(id: string): string {
  return `social/design-${createHash('sha256').update(id).digest('hex').slice(0, 40)}.jpg`;
}

/**
 * The social card of a design (1200×630 JPEG), from storage when made before.
 * @throws when storage fails or sharp cannot render.
 */
export async function designCard(
  storage: Storage,
  view: DesignView,
  shopName: string,
): Promise<Buffer> {
  const key = cardKey(view.id);
  const kept = await storage.get(key);
  if (kept) return kept;
  const layers: sharp.OverlayOptions[] = [];
  if (view.fabric?.imageKey) {
    const hit = await getImageVariant(storage, view.fabric.imageKey, 640, 'webp').catch(() => null);
    const bytes = hit ? await storage.get(hit.storageKey) : null;
    if (bytes) {
      layers.push({
        input: await sharp(bytes).resize(460, 630, { fit: 'cover' }).toBuffer(),
        left: 0,
        top: 0,
      });
    }
  }
  const lines = view.options
    .slice(0, 6)
    .map(
      (option, index) =>
        `<text x="500" y="${300 + index * 40}" font-size="26" fill="#3b2f2a">${escapeXml(`${option.groupLabel}: ${option.name}`.slice(0, 48))}</text>`,
    );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect x="460" width="740" height="630" fill="#faf6ef"/>
    <text x="500" y="90" font-size="28" font-family="sans-serif" fill="#8a5a2b">${escapeXml(shopName.slice(0, 50))}</text>
    <text x="500" y="160" font-size="56" font-family="serif" font-weight="bold" fill="#1f1a17">${escapeXml(view.garmentLabel)}</text>
    <text x="500" y="215" font-size="28" font-family="sans-serif" fill="#3b2f2a">${escapeXml((view.fabric?.name ?? 'Fabric to choose').slice(0, 46))}</text>
    <g font-family="sans-serif">${lines.join('')}</g>
    <text x="500" y="580" font-size="40" font-family="sans-serif" font-weight="bold" fill="#1f1a17">Estimate ${escapeXml(formatRupees(view.estimatePaise))}</text>
  </svg>`;
  layers.push({ input: Buffer.from(svg), left: 0, top: 0 });
  const card = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: '#d8c7a8' },
  })
    .composite(layers)
    .jpeg({ quality: 82 })
    .toBuffer();
  await storage.put(key, card, 'image/jpeg');
  return card;
}
