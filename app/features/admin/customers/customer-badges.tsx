/** An account's role, ban and e-mail state as labelled badges (words, not only colours). */
import type { AccountRole } from '~/lib/account-roles';
import { cn } from '~/lib/utils';

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

export function CustomerBadges({
  role,
  banned,
  emailVerified,
  className,
}: {
  role: AccountRole;
  banned: boolean;
  emailVerified: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap gap-1.5', className)}>
      {role === 'admin' ? (
        <span className={cn(badge, 'bg-primary/10 text-primary')}>Owner</span>
      ) : role === 'counter' || role === 'workshop' ? (
        <span className={cn(badge, 'bg-primary/10 text-primary')}>
          {role === 'counter' ? 'Counter' : 'Workshop'}
        </span>
      ) : (
        <span className={cn(badge, 'bg-stone-100 text-stone-800')}>Customer</span>
      )}
      {banned && <span className={cn(badge, 'bg-red-100 text-red-900')}>Banned</span>}
      {!emailVerified && (
        <span className={cn(badge, 'bg-amber-100 text-amber-900')}>E-mail not verified</span>
      )}
    </span>
  );
}
