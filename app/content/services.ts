/**
 * Static copy of the services page (/services): hero, the three service detail sections, the
 * four-step process, customization options, the service offers used in structured data and
 * the FAQ (SPEC.md sections 1 and 2 "Services"). The customization options' counts come from
 * the style catalogue (`StyleFigures`, issue 36 item 3), never from this file.
 */
import type { StyleFigures } from './home';

/** Services page hero. */
export const servicesHero: { heading: string; text: string } = {
  heading: 'Bespoke Services, Made in Rajkot',
  text: 'Design, tailoring and finishing under one roof. Sit with us over the fabric, get measured by the people who will cut your garment, and come back for fittings until it is exactly right.',
};

/** One of the three service detail sections, anchored on the page by its id. */
export interface ServiceDetail {
  id: 'designing' | 'tailoring' | 'accessories';
  title: string;
  summary: string;
  text: string;
  features: readonly { title: string; text: string }[];
}

/** The three service detail sections (designing, tailoring, accessories), three features each. */
export const serviceDetails: readonly ServiceDetail[] = [
  {
    id: 'designing',
    title: 'Designing',
    summary: 'Your occasion, your style and the right fabric, planned together.',
    text: 'Every garment begins with a conversation. We ask where you will wear it, what the season will be and how you like to look, then sketch the silhouette and walk you through fabrics, lapels, pockets and linings until the design feels like yours.',
    features: [
      {
        title: 'Personal Style Consultation',
        text: 'We talk through your occasion, your work and your wardrobe, and suggest cuts that suit your build rather than the latest trend alone.',
      },
      {
        title: 'Fabric Selection',
        text: 'Choose from more than 4000 fabrics, from monsoon-friendly linens and khadi to raw silks and wool blends, and see them in daylight at the counter.',
      },
      {
        title: 'Wedding and Festive Coordination',
        text: 'Bring the bride’s colours or the family’s theme, and we will plan the groom’s, father’s and brothers’ outfits to sit well together in the photographs.',
      },
    ],
  },
  {
    id: 'tailoring',
    title: 'Tailoring',
    summary: 'Hand-cut patterns and careful fittings in our own workshop.',
    text: 'Your measurements are taken by our cutters, your pattern is chalked by hand, and your garment is stitched in our Rajkot workshop, not sent out. Fittings are built into the schedule so the drape, balance and length are adjusted on you, not guessed.',
    features: [
      {
        title: 'Precise Measurements',
        text: 'More than 50 customization points are recorded on your card and kept safely, so every future order starts from a fit already proven.',
      },
      {
        title: 'Hand-Cut Patterns',
        text: 'Each bespoke suit, sherwani or bandhgala is drafted individually for your posture and shoulders, then cut and assembled by experienced tailors.',
      },
      {
        title: 'Multiple Fittings',
        text: 'Most suits need two fittings and sherwanis sometimes three. We adjust at each one until the shoulder sits cleanly and the trouser breaks just right.',
      },
    ],
  },
  {
    id: 'accessories',
    title: 'Accessories',
    summary: 'The finishing touches that complete the outfit.',
    text: 'A good outfit is finished by its details. We help you choose the buttons, lining, pocket square, stole or safa that suits the occasion, and we stock the essentials so everything is ready together on the day.',
    features: [
      {
        title: 'Buttons and Linings',
        text: 'Pick your buttons and one of more than 300 linings, from classic horn and plain Bemberg to brass jodhpuri buttons and printed paisley.',
      },
      {
        title: 'Wedding Accessories',
        text: 'Safas, stoles, dupattas, brooches and mojaris chosen to match your sherwani or jodhpuri, so the groom’s look is complete from head to toe.',
      },
      {
        title: 'Ties, Pocket Squares and Cufflinks',
        text: 'Silk ties, pocket squares and cufflinks picked to go with your suit, for the office, the reception or a Diwali get-together.',
      },
    ],
  },
];

/** The four steps of Our Process, in order. */
export const processSteps: readonly {
  number: '01' | '02' | '03' | '04';
  title: string;
  text: string;
}[] = [
  {
    number: '01',
    title: 'Consultation',
    text: 'Visit our showroom or message us to book a time. We talk through the occasion, your style and your budget, and show you fabrics to match.',
  },
  {
    number: '02',
    title: 'Design & Measurement',
    text: 'We settle the design, lapel, pockets, vents, buttons and lining with you, then take your measurements across more than 50 customization points.',
  },
  {
    number: '03',
    title: 'Crafting',
    text: 'Your pattern is cut by hand and the garment is stitched in our Rajkot workshop, with a trial fitting along the way to check the balance and drape.',
  },
  {
    number: '04',
    title: 'Final Fitting',
    text: 'You try the finished garment on, we make the last adjustments, and it is pressed and ready to take home for your big day.',
  },
];

/**
 * The line above the customization options: the garment the lapel, button, pocket and vent
 * counts are stated for, and that the linings are the shop's (a sample in the configurator).
 */
export function customizationIntro(style: StyleFigures): string {
  return `The lapels, buttons, pockets and vents our configurator offers on a bespoke ${style.garment}; the linings and finishing touches of our workshop, a sample of the linings online and the rest at the counter.`;
}

/**
 * Customization option groups shown on the services page (issue 36 item 3): the lapel, pocket
 * and vent groups list what the configurator offers on `style.garment`, and every count is the
 * number of those options, so the page and the configurator always agree.
 */
export function customizationOptions(
  style: StyleFigures,
): { title: string; options: readonly string[] }[] {
  return [
    { title: `Lapels (${style.lapel.length} styles)`, options: style.lapel },
    {
      title: `Buttons (${style.button.length} options)`,
      options: [
        'Genuine horn and corozo',
        'Mother-of-pearl, bone and wood',
        'Antique brass, silver-tone and gold crest',
        'Zardozi, kundan and Rajkot silver filigree',
        'Fabric-covered to match',
      ],
    },
    { title: `Pockets (${style.pocket.length} styles)`, options: style.pocket },
    { title: `Vents (${style.vent.length} options)`, options: style.vent },
    {
      title: 'Linings (300+ choices)',
      options: [
        'Plain Bemberg and viscose',
        'Printed paisley and florals',
        'Jacquard and brocade',
        'Full, half or quarter lined',
      ],
    },
    {
      title: 'Finishing Touches (50+ customization points in all)',
      options: [
        'Working cuff buttons',
        'Contrast pick stitching',
        'Monogram inside the jacket',
        'Trouser pleats, cuffs and waistband style',
      ],
    },
  ];
}

/** One service offer with its starting price, as used in the structured data. */
export interface ServiceOffer {
  name: string;
  pricePaise: number;
  description: string;
}

/** The four service offers of SPEC.md section 1, with their starting prices in paise. */
export const serviceOffers: readonly ServiceOffer[] = [
  {
    name: 'Bespoke Tailoring',
    pricePaise: 1500000,
    description:
      'Hand-cut bespoke suits, sherwanis and bandhgalas made to your measurements in our Rajkot workshop, from ₹15,000.',
  },
  {
    name: 'Wardrobe Consulting',
    pricePaise: 500000,
    description:
      'A personal session to plan your work, festive and wedding wardrobe, with fabric and style advice suited to your build.',
  },
  {
    name: 'Traditional Wear Design',
    pricePaise: 800000,
    description:
      'Design of sherwanis, jodhpuris, kurtas and Nehru jackets for weddings, Navratri and family functions.',
  },
  {
    name: 'Alterations & Repairs',
    pricePaise: 50000,
    description:
      'Fitting adjustments, re-lining and careful repairs to suits, trousers and traditional wear, including garments made elsewhere.',
  },
];

/** Frequently asked questions on the services page. */
export const faqs: readonly { question: string; answer: string }[] = [
  {
    question: 'How much does a bespoke suit cost?',
    answer:
      'Our bespoke suits start at ₹15,000. The final price depends on the fabric, the lining and the details you choose, and we give you a clear quote at the consultation before any cloth is cut.',
  },
  {
    question: 'How many fittings will I need, and how long does it take?',
    answer:
      'Most suits need two fittings and are ready in about three to four weeks. Sherwanis and heavily worked pieces may need a third fitting and take four to six weeks.',
  },
  {
    question: 'Can I see fabric swatches before I decide?',
    answer:
      'Yes. The best way is to visit our showroom and see the fabrics in daylight, but we are also happy to share swatch photos on WhatsApp, and for regular customers we can courier small cuttings.',
  },
  {
    question: 'Do you alter garments after delivery?',
    answer:
      'Small fit adjustments to garments we have made are free within 15 days of delivery. We also alter and repair garments made elsewhere, starting from ₹500.',
  },
  {
    question: 'How early should I order for a wedding?',
    answer:
      'During the wedding season and the weeks around Navratri and Diwali our workshop is at its busiest, so we suggest booking your consultation six to eight weeks before the first function. If your date is closer, talk to us and we will tell you honestly what is possible.',
  },
  {
    question: 'I live outside Rajkot or abroad. Can you still make my outfit?',
    answer:
      'Yes. We take your measurements on your first visit, and if your stay is short we plan the fittings on consecutive days. Once we have your measurements on record, later orders can be placed on WhatsApp and couriered across India.',
  },
  {
    question: 'Do you make uniforms in bulk?',
    answer:
      'Yes. We tailor uniforms for schools, hotels, restaurants and offices, with sizes taken on site where needed and each piece labelled by name. Reorders for new staff are simple because we keep your patterns.',
  },
];
