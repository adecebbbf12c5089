/**
 * The nine static customer testimonials shown in three auto-scrolling columns on the home page
 * (SPEC.md section 2 "Home"). Names are fictional first names with an initial.
 */

/** One customer testimonial: display name, who they are, what they said and avatar initials. */
export interface Testimonial {
  name: string;
  role: string;
  text: string;
  initials: string;
}

/** The nine static home-page testimonials, in display order. */
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Hardik P.',
    role: 'Groom, Rajkot',
    text: 'My sherwani was ready a full week before the wedding, and the final fitting needed only one small pin at the cuff. Everyone at the reception asked who my tailor was.',
    initials: 'HP',
  },
  {
    name: 'Mahendra J.',
    role: 'Father of the groom, Gondal',
    text: 'I had my own wedding suit stitched here in 1994, so there was no question where my son’s would come from. They dressed both of us and my brother for the baraat without a single late fitting.',
    initials: 'MJ',
  },
  {
    name: 'Sneha D.',
    role: 'HR Manager, corporate uniform order',
    text: 'We ordered blazers and trousers for over sixty staff in three batches, and every piece was labelled by name. Reorders for new joiners are now just a message away.',
    initials: 'SD',
  },
  {
    name: 'Parth V.',
    role: 'College student',
    text: 'I came in for two khadi kurtas for Navratri on a student budget and was never made to feel small about it. The fit is better than anything I have bought ready-made.',
    initials: 'PV',
  },
  {
    name: 'Nikhil S.',
    role: 'Visiting from New Jersey for a family wedding',
    text: 'I had only ten days in India, so they measured me the morning I landed and fitted me twice that week. My bandhgala came back to the US with me, and I’ve already sent my cousin’s measurements for his.',
    initials: 'NS',
  },
  {
    name: 'Kiran T.',
    role: 'Chartered accountant, Rajkot',
    text: 'Three linen shirts and a lightweight suit for the humid months, all of which breathe beautifully. They remembered my measurements from two years ago without my asking.',
    initials: 'KT',
  },
  {
    name: 'Dhaval M.',
    role: 'Groom, Jamnagar',
    text: 'They helped my fiancée and me match my raw silk jodhpuri to her lehenga in daylight at the counter. The colour was perfect in the photographs too.',
    initials: 'DM',
  },
  {
    name: 'Rajesh K.',
    role: 'Business owner, Morbi',
    text: 'I have had my business suits made here for fifteen years. The cut is classic, the stitching holds up to constant travel, and the advice on fabric is always honest.',
    initials: 'RK',
  },
  {
    name: 'Aarav B.',
    role: 'Father and son outfits for a family function',
    text: 'Matching Nehru jackets for me and my seven-year-old, and they were patient with a boy who would not stand still for the measuring tape. He still asks to wear his on Sundays.',
    initials: 'AB',
  },
];
