import { AwardIcon, ScissorsIcon, ShieldCheckIcon } from 'lucide-react';

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
    <section aria-labelledby="quality-heading" className="bg-muted/60 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="quality-heading" className="text-center text-3xl font-semibold">
          Quality Assurance
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {cards.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-lg border border-border bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-accent" />
              <h3 className="mt-3 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
