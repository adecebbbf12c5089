/** Lucide icons by the names the static copy in app/content uses. */
import {
  AwardIcon,
  CarIcon,
  ClockIcon,
  GemIcon,
  HandshakeIcon,
  HeartIcon,
  PaletteIcon,
  PhoneIcon,
  RulerIcon,
  ScissorsIcon,
  ShieldCheckIcon,
  ShirtIcon,
  SofaIcon,
  SparklesIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  scissors: ScissorsIcon,
  ruler: RulerIcon,
  gem: GemIcon,
  clock: ClockIcon,
  shield: ShieldCheckIcon,
  users: UsersIcon,
  sparkles: SparklesIcon,
  handshake: HandshakeIcon,
  award: AwardIcon,
  heart: HeartIcon,
  shirt: ShirtIcon,
  palette: PaletteIcon,
  parking: CarIcon,
  sofa: SofaIcon,
  phone: PhoneIcon,
};

/** A decorative icon (hidden from assistive technology); a sparkle for an unknown name. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? SparklesIcon;
  return <Icon aria-hidden className={className} />;
}
