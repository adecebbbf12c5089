/**
 * The configurator's state as the URL holds it (issue 21 item 2: "server-rendered with its
 * state in the URL, so a design can be shared and survives a reload"), read from and written
 * to query strings. Pure and client-safe.
 *
 *   /bespoke                                   step 1: the garment
 *   /bespoke?garment=sherwani                  step 2: the fabric (q, kind, colour, band, page)
 *   /bespoke?garment=sherwani&fabric=12        step 3: the style options, one field per group
 *   …&step=summary                             step 4: the server's estimate
 */
import { STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import { isGarmentType } from './pricing';

/** The four steps, in order. */
export type ConfiguratorStep = 'garment' | 'fabric' | 'style' | 'summary';

/** A design as the URL names it. Option codes are as typed (the server checks them). */
export interface DesignState {
  garment?: GarmentType;
  fabricId?: number;
  /** Group → option code, only groups of STYLE_OPTION_GROUPS. */
  options: Record<string, string>;
}

/** The fabric step's search and filters. */
export interface FabricQuery {
  q: string;
  kind: string;
  colour: string;
  band: string;
  page: number;
}

/** Price bands of the fabric filter, per metre in paise (inclusive lower, exclusive upper). */
export const FABRIC_PRICE_BANDS = [
  { key: 'under-1500', label: 'Under ₹1,500 a metre', min: 0, max: 150_000 },
  { key: '1500-3000', label: '₹1,500 to ₹3,000 a metre', min: 150_000, max: 300_000 },
  { key: 'over-3000', label: 'Over ₹3,000 a metre', min: 300_000, max: Number.MAX_SAFE_INTEGER },
] as const;

const MAX_CODE = 64;
const MAX_FILTER = 100;

const text = (params: URLSearchParams, key: string, max: number) =>
  (params.get(key) ?? '').trim().slice(0, max);

/** The design in a query string; bad values are dropped (a bad garment or fabric id). */
export function readDesignState(params: URLSearchParams): DesignState {
  const garment = params.get('garment') ?? '';
  const fabric = Number(params.get('fabric'));
  const options: Record<string, string> = {};
  for (const group of STYLE_OPTION_GROUPS) {
    const code = text(params, group, MAX_CODE);
    if (code) options[group] = code;
  }
  return {
    garment: isGarmentType(garment) ? garment : undefined,
    fabricId:
      Number.isSafeInteger(fabric) && fabric > 0 && fabric <= 2_147_483_647 ? fabric : undefined,
    options,
  };
}

/** The fabric step's search and filters in a query string (page from 1). */
export function readFabricQuery(params: URLSearchParams): FabricQuery {
  const page = Number(params.get('page'));
  return {
    q: text(params, 'q', MAX_FILTER),
    kind: text(params, 'kind', MAX_FILTER),
    colour: text(params, 'colour', MAX_FILTER),
    band: FABRIC_PRICE_BANDS.some((b) => b.key === params.get('band')) ? params.get('band')! : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The step a query string asks for, given what it holds. */
export function stepOf(params: URLSearchParams, state: DesignState): ConfiguratorStep {
  if (!state.garment) return 'garment';
  const asked = params.get('step');
  if (!state.fabricId || asked === 'fabric') return 'fabric';
  return asked === 'summary' ? 'summary' : 'style';
}

/** The configurator URL of a design at a step (its options in group order). */
export function designHref(
  state: DesignState,
  step?: ConfiguratorStep,
  fabric?: Partial<FabricQuery>,
): string {
  const params = new URLSearchParams();
  if (state.garment) params.set('garment', state.garment);
  if (state.fabricId) params.set('fabric', String(state.fabricId));
  for (const group of STYLE_OPTION_GROUPS) {
    const code = state.options[group];
    if (code) params.set(group, code);
  }
  if (step === 'fabric' || step === 'summary') params.set('step', step);
  for (const [key, value] of Object.entries(fabric ?? {})) {
    if (value && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/bespoke?${query}` : '/bespoke';
}
