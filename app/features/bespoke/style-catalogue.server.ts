/**
 * The style catalogue (issue 21 item 1) and the rules that turn a chosen design into a price
 * (item 2): the options a garment is offered, the refusals of a design that cannot be made
 * (an unknown or retired option, an option not made on the garment, a pair listed in
 * `style_option_conflicts`), the server's estimate, the fabrics a design may use and the
 * saved designs. The configurator, saved designs and bespoke orders all go through here.
 *
 * A design's options are a map group → option code ('lapel' → 'peak'). A group left out is
 * not refused here (a bespoke order may settle it at the fitting); the configurator fills each
 * group with its first option before it asks for a quote.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { StyleFigures } from '~/content/home';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import {
  categories,
  designs,
  products,
  styleOptionConflicts,
  styleOptions,
  type PinnedStyleOption,
} from '~/lib/schema.server';
import { STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import { getBespokeSettings } from './bespoke-settings.server';
import { isGarmentType, quoteGarment, type GarmentQuote } from './pricing';
import {
  garmentLabel,
  groupAbsentReason,
  isStyleOptionGroup,
  STYLE_GROUP_LABELS,
  type StyleOptionGroup,
} from './style-groups';

/** One style option as the catalogue holds it. Prices in paise (≥ 0, added to the garment). */
export interface StyleOption {
  id: number;
  group: StyleOptionGroup;
  code: string;
  name: string;
  description: string;
  garmentTypes: GarmentType[];
  /** An `images` key for an uploaded picture; null draws the option (style-drawing.tsx). */
  imageKey: string | null;
  pricePaise: number;
  isActive: boolean;
  displayOrder: number;
}

/** Why a design cannot be made: per group, a sentence a shopper understands. */
interface DesignRefusal {
  /** The group the refusal is about ('' when it is about the garment itself). */
  group: string;
  message: string;
}

/** What checkDesign answers. */
export type DesignCheck =
  { ok: true; options: PinnedStyleOption[] } | { ok: false; refusals: DesignRefusal[] };

/** What quoteDesign answers. */
export type DesignQuote =
  | { ok: true; quote: GarmentQuote; consumptionCm: number; options: PinnedStyleOption[] }
  | { ok: false; refusals: DesignRefusal[] };

const groupRank = (group: string) => (STYLE_OPTION_GROUPS as readonly string[]).indexOf(group);

const byCatalogueOrder = (a: StyleOption, b: StyleOption) =>
  groupRank(a.group) - groupRank(b.group) ||
  a.displayOrder - b.displayOrder ||
  a.name.localeCompare(b.name, 'en');

function toStyleOption(row: typeof styleOptions.$inferSelect): StyleOption {
  return {
    id: row.id,
    group: row.group,
    code: row.code,
    name: row.name,
    description: row.description,
    garmentTypes: row.garmentTypes.filter(isGarmentType),
    imageKey: row.imageKey,
    pricePaise: row.pricePaise,
    isActive: row.isActive,
    displayOrder: row.displayOrder,
  };
}

/**
 * The style options, ordered by group (STYLE_OPTION_GROUPS order), display order, then name.
 * @param filter.garmentType only the options made on this garment.
 * @param filter.includeInactive also the retired ones (the back office); default false.
 */
export async function listStyleOptions(
  db: DbOrTx,
  filter: { garmentType?: GarmentType; includeInactive?: boolean } = {},
): Promise<StyleOption[]> {
  const rows = await db
    .select()
    .from(styleOptions)
    .where(filter.includeInactive ? undefined : eq(styleOptions.isActive, true))
    .orderBy(asc(styleOptions.displayOrder), asc(styleOptions.id));
  const options = rows.map(toStyleOption);
  const garment = filter.garmentType;
  return (garment ? options.filter((o) => o.garmentTypes.includes(garment)) : options).sort(
    byCatalogueOrder,
  );
}

/**
 * The garment the site's style figures are stated for (issue 36 item 3): the bespoke suit
 * jacket, the one garment that takes lapels, every jacket button and pocket, and vents.
 */
const FIGURES_GARMENT: GarmentType = 'suit_jacket';

/**
 * What the configurator offers on the suit jacket, by group (lapel, button, pocket, vent):
 * the option names in its order, through {@link listStyleOptions} as the configurator reads
 * them (active options made on the garment). The home page's figures and the services page's
 * customization options are built from this (issue 36 item 3: "the numbers a customer reads
 * and the choices they get must agree"), so a retired or added option changes them too.
 */
export async function styleFigures(db: DbOrTx): Promise<StyleFigures> {
  const offered = await listStyleOptions(db, { garmentType: FIGURES_GARMENT });
  const names = (group: StyleOptionGroup) =>
    offered.filter((option) => option.group === group).map((option) => option.name);
  return {
    garment: garmentLabel(FIGURES_GARMENT).toLowerCase(),
    lapel: names('lapel'),
    button: names('button'),
    pocket: names('pocket'),
    vent: names('vent'),
  };
}

/** The conflicting pairs among some options, with their reasons (either order matches). */
async function conflictsAmong(db: DbOrTx, ids: number[]) {
  if (ids.length < 2) return [];
  return db
    .select({
      optionId: styleOptionConflicts.optionId,
      otherOptionId: styleOptionConflicts.otherOptionId,
      reason: styleOptionConflicts.reason,
    })
    .from(styleOptionConflicts)
    .where(
      and(
        inArray(styleOptionConflicts.optionId, ids),
        inArray(styleOptionConflicts.otherOptionId, ids),
      ),
    )
    .orderBy(asc(styleOptionConflicts.id));
}

/**
 * Whether a design can be made, and its options pinned (group, code, name, price now) in
 * group order. Refuses, each with its reason: a group or code the catalogue does not know, a
 * retired option, an option not made on the garment ('A Peak lapel is not made on a Jodhpuri /
 * bandhgala: it has a standing collar, not lapels'), and any pair in style_option_conflicts.
 */
export async function checkDesign(
  db: DbOrTx,
  input: { garmentType: GarmentType; options: Record<string, string> },
): Promise<DesignCheck> {
  const refusals: DesignRefusal[] = [];
  const wanted: { group: StyleOptionGroup; code: string }[] = [];
  for (const [group, code] of Object.entries(input.options)) {
    if (!isStyleOptionGroup(group)) {
      refusals.push({ group, message: `We have no “${group.slice(0, 40)}” choice for a garment.` });
    } else {
      wanted.push({ group, code });
    }
  }
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select()
          .from(styleOptions)
          .where(
            or(
              ...wanted.map((w) =>
                and(eq(styleOptions.group, w.group), eq(styleOptions.code, w.code)),
              ),
            ),
          );
  const found = rows.map(toStyleOption);
  const garment = garmentLabel(input.garmentType);
  const chosen: StyleOption[] = [];
  for (const { group, code } of wanted) {
    const option = found.find((o) => o.group === group && o.code === code);
    const groupLabel = STYLE_GROUP_LABELS[group].toLowerCase();
    if (!option) {
      refusals.push({
        group,
        message: `We do not know the ${groupLabel} “${code.slice(0, 40)}”; please choose another.`,
      });
    } else if (!option.isActive) {
      refusals.push({
        group,
        message: `${option.name} is no longer offered; please choose another.`,
      });
    } else if (!option.garmentTypes.includes(input.garmentType)) {
      const why = groupAbsentReason(group, input.garmentType);
      refusals.push({
        group,
        message: `${option.name} is not made on a ${garment}${why ? `: ${why}` : '.'}`,
      });
    } else {
      chosen.push(option);
    }
  }
  const byId = new Map(chosen.map((o) => [o.id, o]));
  for (const conflict of await conflictsAmong(
    db,
    chosen.map((o) => o.id),
  )) {
    const one = byId.get(conflict.optionId);
    const other = byId.get(conflict.otherOptionId);
    if (!one || !other) continue;
    refusals.push({
      group: other.group,
      message: `${one.name} and ${other.name} are not made together: ${conflict.reason}`,
    });
  }
  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    options: chosen.sort(byCatalogueOrder).map((o) => ({
      group: o.group,
      code: o.code,
      name: o.name,
      pricePaise: o.pricePaise,
    })),
  };
}

/**
 * The server's estimate of a design (issue 21 item 2): the garment's base price and fabric
 * consumption from the bespoke settings, the fabric's price per metre, and each option's
 * adjustment (quoteGarment). Refused as checkDesign refuses.
 * @throws RangeError when fabricPricePerMetrePaise is not a non-negative safe integer.
 */
export async function quoteDesign(
  db: DbOrTx,
  input: {
    garmentType: GarmentType;
    fabricPricePerMetrePaise: number;
    options: Record<string, string>;
  },
): Promise<DesignQuote> {
  const check = await checkDesign(db, input);
  if (!check.ok) return check;
  const settings = await getBespokeSettings(db);
  const pricing = settings.garments[input.garmentType];
  const quote = quoteGarment({
    basePricePaise: pricing.basePricePaise,
    fabricPricePerMetrePaise: input.fabricPricePerMetrePaise,
    consumptionCm: pricing.consumptionCm,
    optionPricesPaise: check.options.map((o) => o.pricePaise),
  });
  return { ok: true, quote, consumptionCm: pricing.consumptionCm, options: check.options };
}

/** The slug of the catalogue category whose products are fabrics sold by the metre. */
const FABRICS_CATEGORY_SLUG = 'fabrics';

/** A fabric a design may use: an active product of the fabrics category, priced per metre. */
export interface DesignFabric {
  productId: number;
  name: string;
  pricePerMetrePaise: number;
  imageKey: string | null;
}

/**
 * The fabric product `productId` when a design may use it (active, in the active fabrics
 * category: its price is per metre); null otherwise.
 */
export async function fabricForDesign(db: DbOrTx, productId: number): Promise<DesignFabric | null> {
  if (!Number.isSafeInteger(productId) || productId <= 0) return null;
  const [row] = await db
    .select({
      productId: products.id,
      name: products.name,
      pricePerMetrePaise: products.pricePaise,
      imageKeys: products.imageKeys,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.id, productId),
        eq(products.isActive, true),
        eq(categories.isActive, true),
        eq(categories.slug, FABRICS_CATEGORY_SLUG),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    productId: row.productId,
    name: row.name,
    pricePerMetrePaise: row.pricePerMetrePaise,
    imageKey: row.imageKeys[0] ?? null,
  };
}

/** A saved design (issue 21 item 2), as stored. */
export interface SavedDesign {
  /** Unguessable (≥ 128 random bits, base64url): the design's short URL `/d/<id>`. */
  id: string;
  /** The account that saved it; null for a guest's (shared) design. */
  userId: string | null;
  garmentType: GarmentType;
  fabricProductId: number | null;
  /** Group → option code. */
  options: Record<string, string>;
  /** The estimate shown when it was saved, paise. */
  estimatePaise: number;
  name: string;
  createdAt: Date;
}

/** A saved design by its id, or null. Anyone holding the id may read it (it is the link). */
export async function getDesign(db: DbOrTx, id: string): Promise<SavedDesign | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const [row] = await db.select().from(designs).where(eq(designs.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    garmentType: row.garmentType,
    fabricProductId: row.fabricProductId,
    options: row.options,
    estimatePaise: row.estimatePaise,
    name: row.name,
    createdAt: row.createdAt,
  };
}
