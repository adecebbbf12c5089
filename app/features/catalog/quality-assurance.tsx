import { AwardIcon, ScissorsIcon, ShieldCheckIcon } from 'lucide-react';
import { IconCardList, PageSection } from '~/features/site/page-section';

const cards = [
  {
    title: 'Premium Materials',
    text: 'Every bolt is hand-picked from trusted mills: Giza cottons, Irish linens, pure wools and silks.',
    Icon: AwardIcon,
  },
  {
    title: 'Expert Craftsmanship',
    text: 'Master tailors with decades at the cutting table shape each garment to your measurements.',
    Icon: ScissorsIcon,
  },
  {
    title: 'Rigorous Testing',
    text: 'Colour fastness, shrinkage and seam strength are checked before a fabric reaches our shelves.',
    Icon: ShieldCheckIcon,
  },
] as const;

/** The wardrobe's Quality Assurance section (SPEC.md section 2 "Wardrobe"). */
export function QualityAssurance() {
  return (
    <PageSection heading="Quality Assurance" centered muted>
      <IconCardList
        columns={3}
        cards={cards.map(({ Icon, ...card }) => ({
          ...card,
          icon: <Icon aria-hidden className="size-8 text-accent" />,
        }))}
      />
    </PageSection>
  );
}
