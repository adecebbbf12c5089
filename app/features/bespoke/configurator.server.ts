/**
 * The configurator `/bespoke` on the server (issue 21 item 2): what each step shows for the
 * URL's state, and the summary's three actions (book a measurement, send on WhatsApp, save
 * the design). The estimate is always the server's (quoteDesign); a combination the catalogue
 * refuses shows its reasons and no price.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { getSessionUser } from '~/features/account/session.server';
import { loginPathFor } from '~/features/account/rules';
import { cardColumns, visibleProduct } from '~/features/catalog/catalog.server';
import { toPrefixTsQuery } from '~/features/catalog/search';
import { fabricStocks } from '~/features/catalog/fabric-stock.server';
import { clientAddress, takeHits, waitInWords } from '~/lib/rate-limit.server';
import { readFormData } from '~/lib/request-body.server';
import { categories, products, subcategories } from '~/lib/schema.server';
import { GARMENT_TYPES, STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import { getBespokeSettings } from './bespoke-settings.server';
import {
  designHref,
  FABRIC_PRICE_BANDS,
  readDesignState,
  readFabricQuery,
  stepOf,
  type DesignState,
  type FabricQuery,
} from './configurator';
import { DESIGN_SAVE_LIMIT, saveDesign } from './designs.server';
import type { GarmentQuote } from './pricing';
import {
  checkDesign,
  fabricForDesign,
  listStyleOptions,
  quoteDesign,
  type DesignFabric,
  type StyleOption,
} from './style-catalogue.server';
import { garmentLabel, STYLE_GROUP_LABELS, type StyleOptionGroup } from './style-groups';

/** Fabrics per page of the fabric step. */
const FABRICS_PER_PAGE = 12;

/** An option as a radio shows it. */
interface OptionChoice {
  code: string;
  name: string;
  description: string;
  pricePaise: number;
  imageKey: string | null;
}

/** A group of the style step: its heading and its options for the garment. */
interface GroupChoice {
  group: StyleOptionGroup;
  label: string;
  options: OptionChoice[];
}

/** A fabric as the fabric step lists it. */
interface FabricChoice {
  id: number;
  name: string;
  pricePerMetrePaise: number;
  fabricType: string;
  imageKey: string | null;
  imagePlaceholder: string | null;
}

/**
 * Whether the chosen fabric is in stock for the chosen garment (issue 31 item 7): `inStock` when
 * what the shop can sell of it (stock − metres reserved for confirmed garments) covers the
 * garment type's default length.
 */
interface FabricStockNote {
  inStock: boolean;
  /** 'In stock for a shirt' or 'Not enough for a shirt — ask the shop'. */
  text: string;
}

/**
 * The stock note of fabric `productId` for a `garment`, or null when the shop does not track the
 * fabric's stock in metres (nothing is said then).
 */
async function fabricStockNote(
  context: AppLoadContext,
  garment: GarmentType,
  productId: number,
): Promise<FabricStockNote | null> {
  const stock = (await fabricStocks(context.db, [productId])).get(productId);
  if (!stock) return null;
  const needed = (await getBespokeSettings(context.db)).garments[garment].consumptionCm;
  const what = garmentLabel(garment).toLowerCase();
  return stock.availableCm >= needed
    ? { inStock: true, text: `In stock for a ${what}` }
    : { inStock: false, text: `Not enough for a ${what} — ask the shop` };
}

/** Why the design cannot be made, per group. */
export interface Refusal {
  group: string;
  message: string;
}

interface Base {
  state: DesignState;
}

/** What `/bespoke` shows, by step. */
export type ConfiguratorPage =
  | (Base & {
      step: 'garment';
      garments: { type: GarmentType; label: string; basePricePaise: number }[];
    })
  | (Base & {
      step: 'fabric';
      garmentLabel: string;
      query: FabricQuery;
      fabrics: FabricChoice[];
      total: number;
      pageCount: number;
      kinds: { slug: string; name: string }[];
      colours: string[];
      bands: { key: string; label: string }[];
    })
  | (Base & {
      step: 'style';
      garmentLabel: string;
      fabric: DesignFabric;
      fabricStock: FabricStockNote | null;
      groups: GroupChoice[];
      refusals: Refusal[];
    })
  | (Base & {
      step: 'summary';
      garmentLabel: string;
      fabric: DesignFabric;
      fabricStock: FabricStockNote | null;
      chosen: (OptionChoice & { group: StyleOptionGroup; groupLabel: string })[];
      estimate: (GarmentQuote & { consumptionCm: number }) | null;
      refusals: Refusal[];
    });

const toChoice = (o: StyleOption): OptionChoice => ({
  code: o.code,
  name: o.name,
  description: o.description,
  pricePaise: o.pricePaise,
  imageKey: o.imageKey,
});

/** The offered groups of a garment, each with its options in catalogue order. */
function groupsOf(options: StyleOption[]): GroupChoice[] {
  return STYLE_OPTION_GROUPS.flatMap((group) => {
    const inGroup = options.filter((o) => o.group === group);
    return inGroup.length > 0
      ? [{ group, label: STYLE_GROUP_LABELS[group], options: inGroup.map(toChoice) }]
      : [];
  });
}

/**
 * The design with every offered group the URL left out set to its first option that costs
 * nothing extra (or its first, when all do).
 */
function withDefaults(state: DesignState, groups: GroupChoice[]): DesignState {
  const options = { ...state.options };
  for (const { group, options: choices } of groups) {
    const first = choices.find((choice) => choice.pricePaise === 0) ?? choices[0];
    if (!options[group] && first) options[group] = first.code;
  }
  return { ...state, options };
}

/** The fabric step's list: active fabrics matching the search and filters, one page. */
async function listFabrics(context: AppLoadContext, query: FabricQuery) {
  const tsquery = toPrefixTsQuery(query.q);
  const band = FABRIC_PRICE_BANDS.find((b) => b.key === query.band);
  const document = sql`(
    setweight(to_tsvector('english', ${products.name}), 'A') ||
    setweight(to_tsvector('english', coalesce(${subcategories.name}, '') || ' ' || ${products.fabricType} || ' ' || array_to_string(${products.colors}, ' ')), 'B') ||
    setweight(to_tsvector('english', ${products.description}), 'C')
  )`;
  const where = and(
    visibleProduct,
    eq(categories.slug, 'fabrics'),
    tsquery ? sql`${document} @@ to_tsquery('english', ${tsquery})` : undefined,
    query.kind ? eq(subcategories.slug, query.kind) : undefined,
    query.colour
      ? sql`lower(${query.colour}) = any(select lower(c) from unnest(${products.colors}) c)`
      : undefined,
    band ? and(gte(products.pricePaise, band.min), lt(products.pricePaise, band.max)) : undefined,
  );
  const rows = await context.db
    .select({
      id: cardColumns.id,
      name: cardColumns.name,
      pricePerMetrePaise: cardColumns.pricePaise,
      fabricType: cardColumns.fabricType,
      imageKey: cardColumns.imageKey,
      imagePlaceholder: cardColumns.imagePlaceholder,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(where)
    .orderBy(desc(products.rating), asc(products.id))
    .limit(FABRICS_PER_PAGE)
    .offset((query.page - 1) * FABRICS_PER_PAGE);
  const total = rows[0]?.total ?? 0;
  const facets = await context.db
    .select({ slug: subcategories.slug, name: subcategories.name, colors: products.colors })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .where(and(visibleProduct, eq(categories.slug, 'fabrics')))
    .orderBy(asc(subcategories.displayOrder), asc(subcategories.name));
  const kinds = new Map<string, string>();
  const colours = new Set<string>();
  for (const row of facets) {
    if (row.slug && row.name) kinds.set(row.slug, row.name);
    for (const colour of row.colors) colours.add(colour);
  }
  return {
    fabrics: rows.map(({ total: _total, ...fabric }) => fabric),
    total,
    pageCount: Math.max(1, Math.ceil(total / FABRICS_PER_PAGE)),
    kinds: [...kinds].map(([slug, name]) => ({ slug, name })),
    colours: [...colours].sort((a, b) => a.localeCompare(b, 'en')),
  };
}

/**
 * The data of `/bespoke` for its URL: the step the query reaches (a bad garment or fabric
 * falls back to the step that chooses it), with the server's estimate on the summary.
 */
export async function loadConfigurator(
  request: Request,
  context: AppLoadContext,
): Promise<ConfiguratorPage> {
  const params = new URL(request.url).searchParams;
  const asked = readDesignState(params);
  const fabric = asked.fabricId ? await fabricForDesign(context.db, asked.fabricId) : null;
  const state: DesignState = { ...asked, fabricId: fabric?.productId };
  const step = stepOf(params, state);
  if (step === 'garment' || !state.garment) {
    const settings = await getBespokeSettings(context.db);
    return {
      step: 'garment',
      state,
      garments: GARMENT_TYPES.map((type) => ({
        type,
        label: garmentLabel(type),
        basePricePaise: settings.garments[type].basePricePaise,
      })),
    };
  }
  const label = garmentLabel(state.garment);
  if (step === 'fabric' || !fabric) {
    const query = readFabricQuery(params);
    return {
      step: 'fabric',
      state,
      garmentLabel: label,
      query,
      bands: FABRIC_PRICE_BANDS.map(({ key, label: bandLabel }) => ({ key, label: bandLabel })),
      ...(await listFabrics(context, query)),
    };
  }
  const offered = await listStyleOptions(context.db, { garmentType: state.garment });
  const fabricStock = await fabricStockNote(context, state.garment, fabric.productId);
  const groups = groupsOf(offered);
  const design = withDefaults(state, groups);
  if (step === 'style') {
    const check = await checkDesign(context.db, {
      garmentType: state.garment,
      options: design.options,
    });
    return {
      step: 'style',
      state: design,
      garmentLabel: label,
      fabric,
      fabricStock,
      groups,
      refusals: check.ok ? [] : check.refusals,
    };
  }
  const quote = await quoteDesign(context.db, {
    garmentType: state.garment,
    fabricPricePerMetrePaise: fabric.pricePerMetrePaise,
    options: design.options,
  });
  const byKey = new Map(offered.map((o) => [`${o.group}:${o.code}`, o]));
  return {
    step: 'summary',
    state: design,
    garmentLabel: label,
    fabric,
    fabricStock,
    chosen: quote.ok
      ? quote.options.flatMap((pinned) => {
          const option = byKey.get(`${pinned.group}:${pinned.code}`);
          return option
            ? [
                {
                  ...toChoice(option),
                  group: option.group,
                  groupLabel: STYLE_GROUP_LABELS[option.group],
                },
              ]
            : [];
        })
      : [],
    estimate: quote.ok ? { ...quote.quote, consumptionCm: quote.consumptionCm } : null,
    refusals: quote.ok ? [] : quote.refusals,
  };
}

const actionSchema = z.object({
  intent: z.enum(['book', 'share', 'save'], { error: 'Please choose what to do with the design.' }),
  garment: z.enum(GARMENT_TYPES, { error: 'Please choose a garment.' }),
  fabric: z.coerce
    .number({ error: 'Please choose a fabric.' })
    .int('Please choose a fabric.')
    .min(1, 'Please choose a fabric.')
    .max(2_147_483_647, 'Please choose a fabric.'),
});

/** What the summary's form answers when it cannot go on (shown on the page, status 4xx). */
export interface ConfiguratorRefusal {
  message: string;
  refusals: Refusal[];
}

/**
 * The summary's actions (`intent`): 'book' saves the design and goes to
 * `/book?type=measurement&design=<id>`; 'share' saves it and opens WhatsApp with its short URL;
 * 'save' keeps it in the signed-in shopper's account (a visitor is sent to sign in first).
 * Guests' saves are limited per address (DESIGN_SAVE_LIMIT).
 * @throws a redirect Response on success.
 */
export async function submitConfigurator(request: Request, context: AppLoadContext) {
  const form = await readFormData(request);
  const parsed = actionSchema.safeParse({
    intent: form.get('intent'),
    garment: form.get('garment'),
    fabric: form.get('fabric'),
  });
  if (!parsed.success) {
    return data<ConfiguratorRefusal>(
      { message: parsed.error.issues[0]?.message ?? 'Please check the design.', refusals: [] },
      { status: 400 },
    );
  }
  const options: Record<string, string> = {};
  for (const group of STYLE_OPTION_GROUPS) {
    const code = form.get(group);
    if (typeof code === 'string' && code.trim()) options[group] = code.trim().slice(0, 64);
  }
  const { intent, garment, fabric } = parsed.data;
  const user = await getSessionUser(request, context);
  if (intent === 'save' && !user) {
    throw redirect(loginPathFor(designHref({ garment, fabricId: fabric, options }, 'summary')));
  }
  const allowed = await takeHits(context.db, [
    { key: `design:ip:${clientAddress(request)}`, limit: DESIGN_SAVE_LIMIT },
  ]);
  if (!allowed.ok) {
    return data<ConfiguratorRefusal>(
      {
        message: `Several designs were saved from here in a short time. Please try again in ${waitInWords(allowed.retryAfterS)}.`,
        refusals: [],
      },
      { status: 429, headers: { 'Retry-After': String(allowed.retryAfterS) } },
    );
  }
  const saved = await saveDesign(context.db, {
    userId: user?.id ?? null,
    garmentType: garment,
    fabricProductId: fabric,
    options,
  });
  if (!saved.ok) {
    return data<ConfiguratorRefusal>(
      { message: saved.message, refusals: saved.refusals ?? [] },
      { status: 422 },
    );
  }
  if (intent === 'book') throw redirect(`/book?type=measurement&design=${saved.id}`);
  if (intent === 'share') {
    const link = new URL(`/d/${saved.id}`, context.env.PUBLIC_URL).toString();
    const text = `My ${garmentLabel(garment).toLowerCase()} design: ${link}`;
    throw redirect(`https://wa.me/?text=${encodeURIComponent(text)}`);
  }
  throw redirect(`/d/${saved.id}?saved=1`);
}
