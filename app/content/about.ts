/**
 * Static copy of the about page (/about): hero, company story, mission and vision, founders and
 * the closing call to action (SPEC.md section 2 "About"). Founder names are fictional.
 */

/** About page hero (Our Story). */
export const aboutHero: { heading: string; text: string } = {
  heading: 'Our Story',
  text: 'A Rajkot family house of fabric and bespoke tailoring since 1987, where the same care goes into a college student’s kurta as into a groom’s sherwani.',
};

/** The company story on the about page, from the founding in 1987 to today. */
export const companyStory: { heading: string; paragraphs: readonly string[] } = {
  heading: 'Since 1987, One Measurement at a Time',
  paragraphs: [
    'Our house opened in 1987 as a narrow fabric shop in Rajkot, with a single counter, a wall of shirtings and a founder who believed a customer should feel every bolt before buying it. Families came for wedding cloth and school uniforms, and stayed for the advice on what would hold up through a Saurashtra summer.',
    'Within a few years customers began asking us to stitch what they had bought. A master cutter joined, then two tailors, and the back room became a workshop. The first bandhgalas and sherwanis we made for local weddings brought their brothers, cousins and neighbours to our door, and word of mouth has been our best advertising ever since.',
    'The second generation grew up between the cutting tables and the counter, learning to chalk a pattern before they learnt to drive. Today they run the house together, adding linens for the monsoon months, hand-woven khadi from Gujarat’s weaving clusters, corporate uniforms and a catalogue you can browse from home.',
    'What has not changed is the way we work. We still take every measurement ourselves, still cut every bespoke pattern by hand, and still ask you back for fittings until the garment is right. More than 35 years on, many of the grooms we dressed now bring their sons.',
  ],
};

/** The mission statement on the about page. */
export const mission: { heading: 'Our Mission'; text: string } = {
  heading: 'Our Mission',
  text: 'To dress every man who walks through our door in cloth he can trust and a fit made only for him, with honest advice, fair prices and fittings that keep going until the garment is right, whether it’s for his wedding, his work or the nine nights of Navratri.',
};

/** The vision statement on the about page. */
export const vision: { heading: 'Our Vision'; text: string } = {
  heading: 'Our Vision',
  text: 'To remain the house Saurashtra families turn to for every occasion of their lives, keeping the hand-cut craft of bespoke tailoring alive in Rajkot while making it easy for the next generation, at home or abroad, to choose, order and be fitted by us.',
};

/** One founder or co-founder shown on the about page. */
export interface Founder {
  name: string;
  role: string;
  bio: string;
  initials: string;
}

/** The founder (1987) and the two second-generation co-founders, in display order. */
export const founders: readonly Founder[] = [
  {
    name: 'Rameshbhai Patel',
    role: 'Founder, 1987',
    bio: 'Rameshbhai opened the first fabric counter in 1987 after years of apprenticeship with cloth merchants. He still checks new bolts by hand every morning and can tell a good linen from its feel alone.',
    initials: 'RP',
  },
  {
    name: 'Nilesh Patel',
    role: 'Co-founder and Head of Bespoke Tailoring',
    bio: 'Nilesh trained at the cutting table from his school days and now leads the workshop. He drafts every bespoke pattern himself and personally handles the fittings of most of our grooms.',
    initials: 'NP',
  },
  {
    name: 'Hetal Patel',
    role: 'Co-founder, Fabrics and Customer Care',
    bio: 'Hetal looks after the fabric floor, uniform orders and our customers across India and abroad. She is the one who matches your sherwani to the bride’s colours and keeps every wedding order on schedule.',
    initials: 'HP',
  },
];

/** Closing call to action of the about page, linking to /wardrobe and /contact. */
export const aboutCta: { heading: string; text: string } = {
  heading: 'Become Part of Our Story',
  text: 'Explore our collection online, then visit our Rajkot showroom to feel the fabrics and meet the family behind every stitch. We would be glad to dress you for your next occasion.',
};
