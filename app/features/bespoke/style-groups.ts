/**
 * The style-option groups as shoppers read them (issue 21 items 1 and 2), and why a garment
 * has no choice in a group at all. Pure and client-safe: the configurator, the back office and
 * the refusals of `style-catalogue.server.ts` share these words.
 */
import { GARMENTS } from '~/features/measurements/garments';
import { STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';

/** One of STYLE_OPTION_GROUPS. */
export type StyleOptionGroup = (typeof STYLE_OPTION_GROUPS)[number];

/** Each group's heading ('Lapel', 'Buttons', …). */
export const STYLE_GROUP_LABELS: Readonly<Record<StyleOptionGroup, string>> = {
  closure: 'Closure',
  lapel: 'Lapel',
  collar: 'Collar',
  button: 'Buttons',
  pocket: 'Pockets',
  vent: 'Vent',
  lining: 'Lining',
  cuff: 'Cuffs and hems',
  pleat: 'Pleats',
  monogram: 'Monogram',
};

/** Whether a string names a style-option group. */
export function isStyleOptionGroup(value: string): value is StyleOptionGroup {
  return (STYLE_OPTION_GROUPS as readonly string[]).includes(value);
}

/** A garment type's name as the shop writes it ('Jodhpuri / bandhgala'). */
export function garmentLabel(type: GarmentType): string {
  return GARMENTS[type].label;
}

const STANDING_COLLAR: ReadonlySet<GarmentType> = new Set(['sherwani', 'jodhpuri', 'kurta']);

/**
 * Why a garment takes no option of a group, when there is a reason a shopper would want to
 * hear ('it has a standing collar, not lapels'); null when the option is simply not offered.
 */
export function groupAbsentReason(group: StyleOptionGroup, garment: GarmentType): string | null {
  if (group === 'lapel' && STANDING_COLLAR.has(garment)) {
    return 'it has a standing collar, not lapels';
  }
  if (group === 'lapel' && garment === 'shirt') return 'it has a shirt collar, not lapels';
  if (group === 'vent' && !['suit_jacket', 'sherwani', 'jodhpuri'].includes(garment)) {
    return 'only coats and jackets have vents';
  }
  if (group === 'lining' && ['shirt', 'kurta', 'trouser', 'churidar'].includes(garment)) {
    return 'it is made unlined';
  }
  return null;
}
