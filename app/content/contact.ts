/**
 * Static copy of the contact page (/contact): hero text and the four facility cards
 * (SPEC.md section 2 "Contact"). Phone, e-mail, address and hours come from settings.
 */

/** Contact page hero. */
export const contactHero: { heading: string; text: string } = {
  heading: 'Come and See Us in Rajkot',
  text: 'Call, message us on WhatsApp or walk in for a cup of tea and a look through our fabrics. Whether it’s a quick question or a full wedding wardrobe, our family is happy to help.',
};

/** The four facility cards shown below the map, in order. */
export const facilities: readonly {
  title: string;
  text: string;
  icon: 'parking' | 'clock' | 'sofa' | 'phone';
}[] = [
  {
    title: 'Easy Parking',
    text: 'Parking space for cars and two-wheelers close to the showroom, so a fitting never turns into a hunt for a spot.',
    icon: 'parking',
  },
  {
    title: 'Extended Hours',
    text: 'We stay open into the evening six days a week and on Sundays too, so you can come for a fitting after office or college.',
    icon: 'clock',
  },
  {
    title: 'Welcome Area',
    text: 'A comfortable seating area with tea and water for the family, because wedding shopping is always a group outing.',
    icon: 'sofa',
  },
  {
    title: 'After-Hours Support',
    text: 'Send us a WhatsApp message any time, and we will reply first thing the next working morning.',
    icon: 'phone',
  },
];
