/**
 * The demo style catalogue (issue 21 item 1), seeded with the demo catalogue: 4 lapels, 24
 * buttons, 8 pocket styles and 3 vents in all. A suit jacket takes every jacket button (all but
 * the shirt's white resin and the two kinds of dress stud: 21) and every jacket pocket (6; the
 * side-seam and slant pockets are the trouser's), issue 36 item 3. The site's figures are
 * counted from the catalogue per garment (features/bespoke/style-catalogue.server.ts
 * `styleFigures`), never typed in the copy. The 24 linings
 * are A SAMPLE of the 300+ linings in the shop (each one says so in its description); the rest
 * are shown at the counter. Closures, collars, cuffs and hems, pleats and monograms complete
 * the 50+ customisation points.
 *
 * Prices are adjustments in paise added to the garment (most are 0; horn and precious buttons,
 * silk linings and monograms cost extra). `garments` lists the garment types an option is made
 * on: a bandhgala, sherwani or kurta has a standing collar, so no lapel is offered on them.
 * `conflicts` are pairs (group:code) not made together, with the reason shoppers read.
 *
 * Pure data; pictures are drawn by features/bespoke/style-drawing.tsx from group and code.
 */
import type { GarmentType } from '~/lib/schema-enums';
import type { StyleOptionGroup } from '~/features/bespoke/style-groups';

interface DemoStyleOption {
  group: StyleOptionGroup;
  code: string;
  name: string;
  description: string;
  garments: GarmentType[];
  pricePaise?: number;
}

const JACKET: GarmentType[] = ['suit_jacket'];
const COATS: GarmentType[] = ['suit_jacket', 'sherwani', 'jodhpuri'];
const LINED: GarmentType[] = ['suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri'];
const TOPS: GarmentType[] = ['shirt', 'suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri', 'kurta'];
const ETHNIC: GarmentType[] = ['sherwani', 'jodhpuri', 'kurta'];

const closures: DemoStyleOption[] = [
  [
    'single-1',
    'Single-breasted, one button',
    'A clean, low-buttoning front for evening wear.',
    JACKET,
  ],
  ['single-2', 'Single-breasted, two buttons', 'The everyday business jacket.', JACKET],
  ['single-3', 'Single-breasted, three buttons', 'A higher stance with a classic roll.', JACKET],
  [
    'double-breasted',
    'Double-breasted',
    'Six buttons, two to fasten; a strong, formal line.',
    ['suit_jacket', 'waistcoat'],
  ],
  ['single-5', 'Single-breasted, five buttons', 'The classic waistcoat front.', ['waistcoat']],
  ['full-button', 'Full-button front', 'Buttons from the collar to the hem, on show.', ETHNIC],
  [
    'concealed',
    'Concealed placket',
    'Buttons hidden under a fly for a clean front.',
    ['shirt', ...ETHNIC],
  ],
  ['classic-placket', 'Classic placket', 'A stitched band down the front.', ['shirt']],
  ['french-front', 'French front', 'No band: the front is simply folded and finished.', ['shirt']],
  ['zip-fly', 'Zip fly', 'A hidden zip with a hook and bar at the waistband.', ['trouser']],
  ['button-fly', 'Button fly', 'The tailor’s traditional buttoned fly.', ['trouser']],
  ['drawstring', 'Drawstring (nada)', 'A cotton drawstring through the waistband.', ['churidar']],
  ['side-hook', 'Side hook and zip', 'A flat front fastened at the side.', ['churidar']],
].map(([code, name, description, garments]) => ({
  group: 'closure' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
}));

const lapels: DemoStyleOption[] = [
  {
    code: 'notch',
    name: 'Notch lapel',
    description:
      'The versatile lapel of a business suit: a V-shaped notch where collar meets lapel.',
  },
  {
    code: 'peak',
    name: 'Peak lapel',
    description: 'Points sweep up towards the shoulder: formal and confident.',
  },
  {
    code: 'shawl',
    name: 'Shawl lapel',
    description: 'One smooth, rounded curve: the dinner jacket’s lapel.',
  },
  {
    code: 'slim-notch',
    name: 'Slim notch lapel',
    description: 'A narrow notch lapel for a slim, modern cut.',
  },
].map((o) => ({
  ...o,
  group: 'lapel' as const,
  garments: ['suit_jacket', 'waistcoat'] as GarmentType[],
}));

const collars: DemoStyleOption[] = [
  [
    'mandarin',
    'Mandarin (bandhgala) collar',
    'A standing band collar, closed at the throat.',
    ['shirt', 'sherwani', 'jodhpuri', 'kurta', 'waistcoat'],
  ],
  [
    'prince',
    'Prince collar',
    'A taller standing collar with rounded ends.',
    ['sherwani', 'jodhpuri'],
  ],
  ['classic-point', 'Classic point collar', 'The standard business collar.', ['shirt']],
  ['spread', 'Spread collar', 'Wide-set points for a larger tie knot.', ['shirt']],
  ['cutaway', 'Cutaway collar', 'Points cut far back, worn with or without a tie.', ['shirt']],
  [
    'button-down',
    'Button-down collar',
    'Points buttoned to the shirt: relaxed and casual.',
    ['shirt'],
  ],
  ['wing', 'Wing collar', 'The dress shirt’s collar with folded tips, for a bow tie.', ['shirt']],
  ['round-neck', 'Round neck', 'No collar: a simple finished round neckline.', ['kurta']],
].map(([code, name, description, garments]) => ({
  group: 'collar' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
}));

const BUTTON_ALL = TOPS;
const buttons: DemoStyleOption[] = [
  [
    'horn-dark',
    'Horn buttons, dark brown',
    'Natural horn, each one unique in its grain.',
    COATS.concat('waistcoat'),
    45_000,
  ],
  [
    'horn-light',
    'Horn buttons, light brown',
    'Natural horn with honey tones.',
    COATS.concat('waistcoat'),
    45_000,
  ],
  [
    'horn-black',
    'Horn buttons, black',
    'Polished black horn for formal suits.',
    COATS.concat('waistcoat'),
    45_000,
  ],
  ['corozo-navy', 'Corozo buttons, navy', 'Tagua nut buttons, dyed navy.', BUTTON_ALL, 15_000],
  ['corozo-grey', 'Corozo buttons, grey', 'Tagua nut buttons, dyed grey.', BUTTON_ALL, 15_000],
  ['corozo-brown', 'Corozo buttons, brown', 'Tagua nut buttons, dyed brown.', BUTTON_ALL, 15_000],
  [
    'corozo-ivory',
    'Corozo buttons, ivory',
    'Undyed tagua nut in its natural ivory.',
    BUTTON_ALL,
    15_000,
  ],
  [
    'mop-white',
    'Mother-of-pearl, white',
    'Shell buttons with a soft lustre.',
    ['shirt', 'kurta', 'suit_jacket'],
    30_000,
  ],
  [
    'mop-smoke',
    'Mother-of-pearl, smoked',
    'Dark shell buttons for coloured shirts and summer jackets.',
    ['shirt', 'kurta', 'suit_jacket'],
    30_000,
  ],
  ['resin-white', 'Resin buttons, white', 'Durable everyday shirt buttons.', ['shirt', 'kurta'], 0],
  ['resin-black', 'Resin buttons, black', 'Durable everyday buttons in black.', BUTTON_ALL, 0],
  [
    'resin-matched',
    'Resin buttons, colour-matched',
    'Matched to your fabric at the counter.',
    BUTTON_ALL,
    0,
  ],
  [
    'metal-brass',
    'Antique brass buttons',
    'Blazer buttons in antique brass.',
    ['suit_jacket', 'waistcoat', 'jodhpuri'],
    35_000,
  ],
  [
    'metal-silver',
    'Silver-tone buttons',
    'Polished silver-tone metal.',
    ['suit_jacket', 'waistcoat', 'jodhpuri'],
    35_000,
  ],
  [
    'metal-crest',
    'Gold crest buttons',
    'Gold-tone buttons stamped with a crest.',
    ['suit_jacket', 'waistcoat', 'jodhpuri'],
    50_000,
  ],
  [
    'self-covered',
    'Self-covered buttons',
    'Covered in your garment’s own fabric.',
    ['sherwani', 'jodhpuri', 'kurta', 'waistcoat', 'suit_jacket'],
    20_000,
  ],
  [
    'zardozi',
    'Zardozi buttons',
    'Hand-embroidered metallic thread buttons.',
    ['sherwani', 'jodhpuri', 'kurta', 'suit_jacket'],
    120_000,
  ],
  [
    'kundan',
    'Kundan buttons',
    'Set stones in a gold-tone frame, for the wedding day.',
    ['sherwani', 'jodhpuri', 'kurta', 'suit_jacket'],
    150_000,
  ],
  [
    'pearl-stud',
    'Pearl studs',
    'Removable faux-pearl studs.',
    ['sherwani', 'kurta', 'shirt'],
    80_000,
  ],
  ['enamel-black', 'Black enamel studs', 'Dress studs for a wing-collar shirt.', ['shirt'], 60_000],
  [
    'wood',
    'Wooden buttons',
    'Polished sheesham wood.',
    ['kurta', 'waistcoat', 'shirt', 'suit_jacket'],
    10_000,
  ],
  [
    'coconut',
    'Coconut shell buttons',
    'Light, natural and sturdy.',
    ['kurta', 'shirt', 'suit_jacket'],
    10_000,
  ],
  ['bone', 'Bone buttons', 'Cream bone with a fine grain.', BUTTON_ALL, 25_000],
  [
    'silver-filigree',
    'Silver filigree buttons',
    'Rajkot silver filigree work.',
    ETHNIC.concat('waistcoat', 'suit_jacket'),
    180_000,
  ],
].map(([code, name, description, garments, pricePaise]) => ({
  group: 'button' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
  pricePaise: pricePaise as number,
}));

const pockets: DemoStyleOption[] = [
  ['flap', 'Flap pockets', 'Jetted pockets with a covering flap.', ['suit_jacket', 'shirt']],
  [
    'jetted',
    'Jetted pockets',
    'Slim besom openings: the most formal pocket.',
    ['suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri'],
  ],
  [
    'patch',
    'Patch pockets',
    'Sewn on the outside: relaxed and sporty.',
    ['suit_jacket', 'shirt', 'kurta'],
  ],
  ['ticket', 'Ticket pocket', 'A third, smaller flap pocket above the right pocket.', JACKET],
  ['hacking', 'Slanted hacking pockets', 'Angled flap pockets from the riding coat.', JACKET],
  [
    'welt',
    'Welt pockets',
    'A single stitched welt, neat and flat: the breast pocket of a suit jacket.',
    ['waistcoat', 'sherwani', 'jodhpuri', 'kurta', 'suit_jacket'],
  ],
  ['side-seam', 'Side-seam pockets', 'Hidden in the side seams.', ['trouser', 'kurta', 'churidar']],
  ['slant', 'Slant pockets', 'Angled front pockets that sit flat.', ['trouser']],
].map(([code, name, description, garments]) => ({
  group: 'pocket' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
}));

const vents: DemoStyleOption[] = [
  { code: 'ventless', name: 'No vent', description: 'A clean, unbroken back.' },
  { code: 'centre', name: 'Centre vent', description: 'One vent in the middle of the back.' },
  {
    code: 'side',
    name: 'Side vents',
    description: 'Two vents at the sides, for ease when seated.',
  },
].map((o) => ({ ...o, group: 'vent' as const, garments: COATS }));

const SAMPLE_NOTE =
  'One of a sample of 24 from the 300+ linings in our Rajkot shop; see the rest at the counter.';
const linings: DemoStyleOption[] = [
  ['poly-black', 'Polyester twill, black', 0],
  ['poly-navy', 'Polyester twill, navy', 0],
  ['poly-grey', 'Polyester twill, grey', 0],
  ['poly-ivory', 'Polyester twill, ivory', 0],
  ['viscose-wine', 'Viscose, wine', 30_000],
  ['viscose-teal', 'Viscose, teal', 30_000],
  ['viscose-gold', 'Viscose, old gold', 30_000],
  ['viscose-charcoal', 'Viscose, charcoal', 30_000],
  ['bemberg-burgundy', 'Bemberg cupro, burgundy', 60_000],
  ['bemberg-royal', 'Bemberg cupro, royal blue', 60_000],
  ['bemberg-bottle', 'Bemberg cupro, bottle green', 60_000],
  ['bemberg-champagne', 'Bemberg cupro, champagne', 60_000],
  ['jacquard-paisley', 'Jacquard, paisley', 80_000],
  ['jacquard-floral', 'Jacquard, floral', 80_000],
  ['jacquard-mughal', 'Jacquard, Mughal arch', 80_000],
  ['jacquard-stripe', 'Jacquard, regimental stripe', 80_000],
  ['silk-crimson', 'Pure silk, crimson', 150_000],
  ['silk-peacock', 'Pure silk, peacock', 150_000],
  ['silk-saffron', 'Pure silk, saffron', 150_000],
  ['silk-ivory', 'Pure silk, ivory', 150_000],
  ['silk-bandhani', 'Silk bandhani, red', 180_000],
  ['silk-patola', 'Silk, Patola print', 200_000],
  ['silk-brocade', 'Silk brocade, gold', 220_000],
  ['silk-printed-map', 'Printed silk, Saurashtra map', 200_000],
].map(([code, name, pricePaise]) => ({
  group: 'lining' as const,
  code: code as string,
  name: `${name as string} (sample lining)`,
  description: SAMPLE_NOTE,
  garments: LINED,
  pricePaise: pricePaise as number,
}));

const cuffs: DemoStyleOption[] = [
  ['barrel-1', 'Barrel cuff, one button', 'The everyday shirt cuff.', ['shirt']],
  ['barrel-2', 'Barrel cuff, two buttons', 'A taller cuff with two buttons.', ['shirt']],
  ['french', 'French (double) cuff', 'Folded back and closed with cufflinks.', ['shirt']],
  ['rounded', 'Rounded cuff', 'A barrel cuff with rounded corners.', ['shirt']],
  ['plain-sleeve', 'Plain sleeve', 'A simply finished sleeve.', ['kurta', ...COATS]],
  ['cuffed-sleeve', 'Cuffed sleeve', 'A buttoned cuff on the kurta sleeve.', ['kurta']],
  [
    'working-buttons',
    'Working sleeve buttonholes',
    'Hand-finished, real buttonholes at the sleeve.',
    COATS,
    50_000,
  ],
  ['plain-hem', 'Plain hem', 'A clean trouser hem.', ['trouser']],
  ['turn-up', 'Turn-ups', 'A folded cuff at the trouser hem.', ['trouser']],
  [
    'gathered',
    'Gathered ankle',
    'The churidar’s gathered ankle with a button opening.',
    ['churidar'],
  ],
].map(([code, name, description, garments, pricePaise]) => ({
  group: 'cuff' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
  pricePaise: (pricePaise as number | undefined) ?? 0,
}));

const pleats: DemoStyleOption[] = [
  { code: 'flat-front', name: 'Flat front', description: 'No pleats: slim and modern.' },
  {
    code: 'single-pleat',
    name: 'Single pleat',
    description: 'One forward pleat each side for ease.',
  },
  {
    code: 'double-pleat',
    name: 'Double pleats',
    description: 'Two pleats each side: roomy and classic.',
  },
].map((o) => ({ ...o, group: 'pleat' as const, garments: ['trouser'] as GarmentType[] }));

const monograms: DemoStyleOption[] = [
  ['none', 'No monogram', 'Left plain.', [...TOPS, 'trouser', 'churidar'], 0],
  [
    'inside-initials',
    'Initials inside the garment',
    'Your initials hand-embroidered inside.',
    LINED.concat('kurta'),
    50_000,
  ],
  ['cuff-initials', 'Initials on the cuff', 'Three letters on the left cuff.', ['shirt'], 30_000],
  ['zari-crest', 'Zari crest', 'A crest embroidered in gold zari thread.', ETHNIC, 150_000],
].map(([code, name, description, garments, pricePaise]) => ({
  group: 'monogram' as const,
  code: code as string,
  name: name as string,
  description: description as string,
  garments: garments as GarmentType[],
  pricePaise: pricePaise as number,
}));

/** Every demo style option, in display order within its group. */
export const demoStyleOptions: readonly DemoStyleOption[] = [
  ...closures,
  ...lapels,
  ...collars,
  ...buttons,
  ...pockets,
  ...vents,
  ...linings,
  ...cuffs,
  ...pleats,
  ...monograms,
];

/** Pairs not made together, as `group:code`, with the reason shown to the shopper. */
export const demoStyleConflicts: readonly { one: string; other: string; reason: string }[] = [
  {
    one: 'closure:double-breasted',
    other: 'lapel:notch',
    reason: 'A double-breasted jacket takes a peak or shawl lapel.',
  },
  {
    one: 'closure:double-breasted',
    other: 'lapel:slim-notch',
    reason: 'A double-breasted jacket takes a peak or shawl lapel.',
  },
  {
    one: 'closure:single-3',
    other: 'lapel:shawl',
    reason: 'A shawl lapel rolls to a low button; it is made with one or two buttons.',
  },
  {
    one: 'collar:button-down',
    other: 'cuff:french',
    reason:
      'French cuffs are formal and a button-down collar is casual; choose a barrel cuff or another collar.',
  },
  {
    one: 'collar:wing',
    other: 'closure:concealed',
    reason:
      'A wing-collar dress shirt shows its studs; it is made with a classic placket or French front.',
  },
];
