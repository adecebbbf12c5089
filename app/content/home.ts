/**
 * Static copy of the home page (/): hero, marketing figures, Our Story, Why Choose Us,
 * the commitment section and the closing call to action (SPEC.md sections 1 and 2 "Home").
 */

/** One marketing figure: the number as shown and the words under it. */
export interface Figure {
  value: string;
  label: string;
}

/**
 * The style options offered on the garment the site's style figures are stated for, as the
 * configurator offers them (issue 36 item 3): the option names per group, in the
 * configurator's order, so every figure is a count of the catalogue and never typed in copy.
 * Built by `styleFigures` (features/bespoke/style-catalogue.server.ts).
 */
export interface StyleFigures {
  /** The garment the figures are stated for, in a sentence ('suit jacket'). */
  garment: string;
  lapel: readonly string[];
  button: readonly string[];
  pocket: readonly string[];
  vent: readonly string[];
}

/** The house's own figures (SPEC.md section 1): years, founding, fabrics, linings, points. */
export const houseFigures: readonly Figure[] = [
  { value: '35+', label: 'Years of Excellence' },
  { value: '1987', label: 'Founded' },
  { value: '4000+', label: 'Fabric Options' },
  { value: '300+', label: 'Linings' },
  { value: '50+', label: 'Customization Points' },
];

/**
 * SPEC.md section 1 marketing figures in its order, the lapel, button, pocket and vent figures
 * counted from `style` (what the configurator offers on `style.garment`).
 */
export function marketingFigures(style: StyleFigures): Figure[] {
  return [
    ...houseFigures.slice(0, 4),
    { value: String(style.lapel.length), label: 'Lapel Styles' },
    { value: String(style.button.length), label: 'Buttons' },
    { value: String(style.pocket.length), label: 'Pocket Styles' },
    { value: String(style.vent.length), label: 'Vent Options' },
    ...houseFigures.slice(4),
  ];
}

/** The line under the figures naming the garment the style figures are counted on. */
export function styleFiguresNote(style: StyleFigures): string {
  return `Lapels, buttons, pockets and vents: the choices our configurator offers on a bespoke ${style.garment}.`;
}

/** Home hero: the small badge above the headline, the headline and the lead text. */
export const hero: { badge: string; headline: string; text: string } = {
  badge: 'Family tailors of Rajkot since 1987',
  headline: 'Fabric chosen by hand, suits cut to your measure',
  text: 'From the groom’s sherwani to a crisp linen shirt for the monsoon, we help you pick the cloth, take your measurements ourselves and tailor every piece in our Rajkot workshop.',
};

/** The 'Our Story' block on the home page, linking to /about. */
export const ourStory: { heading: 'Our Story'; paragraphs: readonly string[] } = {
  heading: 'Our Story',
  paragraphs: [
    'We began in 1987 as a small fabric counter in Rajkot, measuring out shirtings and suitings for families who then took the cloth to their neighbourhood tailor. Before long those same families asked us to do the stitching too, and a few cutting tables went up at the back of the shop.',
    'More than 35 years later the second generation runs the counter and the workshop side by side. We still unroll every bolt for you, still chalk every pattern by hand, and still dress fathers, sons and grandsons from the same Saurashtra families for their weddings, Navratri nights and first days at the office.',
  ],
};

/** One card with a title, short text and an icon name. */
export interface Card {
  title: string;
  text: string;
  icon:
    | 'scissors'
    | 'ruler'
    | 'gem'
    | 'clock'
    | 'shield'
    | 'users'
    | 'sparkles'
    | 'handshake'
    | 'award'
    | 'heart'
    | 'shirt'
    | 'palette';
}

/** The four 'Why Choose Us' cards on the home page. */
export const whyChooseUs: readonly Card[] = [
  {
    title: 'Cut by Hand, Fitted on You',
    text: 'Every bespoke piece is drafted from your own measurements and tried on at fittings in our workshop, never cut from a stock block.',
    icon: 'scissors',
  },
  {
    title: 'More Than 4000 Fabrics',
    text: 'Cottons, linens, khadi, raw silks, wool blends and brocades on one floor, so you can feel the cloth in daylight before you decide.',
    icon: 'palette',
  },
  {
    title: 'Wedding-Ready, On Time',
    text: 'We plan your fittings around the muhurat, the sangeet and the reception, and we tell you honestly what the calendar allows.',
    icon: 'clock',
  },
  {
    title: 'A Family House Since 1987',
    text: 'Three decades of Rajkot families have trusted us with their big days, and many of our customers’ sons now come to us for their own.',
    icon: 'users',
  },
];

/** The commitment section of the home page: heading, intro and exactly four cards. */
export const commitment: { heading: string; intro: string; cards: readonly Card[] } = {
  heading: 'Our Commitment to You',
  intro:
    'A good garment is a promise kept over several weeks. This is what we promise every customer who walks up to our counter.',
  cards: [
    {
      title: 'Honest Fabric',
      text: 'We tell you what a cloth is made of, how it will wear through a Saurashtra summer and how to care for it, before you pay a rupee.',
      icon: 'gem',
    },
    {
      title: 'Precise Measurements',
      text: 'More than 50 customization points are noted on your card, and we keep them safely so your next order starts where the last one ended.',
      icon: 'ruler',
    },
    {
      title: 'Fittings Until It’s Right',
      text: 'Most suits need two fittings and a sherwani sometimes three. We keep adjusting until the shoulder sits and the trouser breaks just so.',
      icon: 'shirt',
    },
    {
      title: 'Care After Delivery',
      text: 'Small adjustments after delivery are part of the service, because a suit should fit as well at the reception as it did at the trial.',
      icon: 'handshake',
    },
  ],
};

/** Closing call to action of the home page, linking to /book (a consultation) and /wardrobe. */
export const closingCta: { heading: string; text: string } = {
  heading: 'Let’s Begin Your Next Outfit',
  text: 'Drop in for a cup of tea and a look through our fabrics, or message us to book a consultation. Whether it’s a wedding, a festive season or a new job, we will help you look your best.',
};
