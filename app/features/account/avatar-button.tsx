/**
 * The round account button of the navigation bar (SPEC.md section 2): the signed-in visitor's
 * initials, labelled "Account menu for <name>". The avatar menu's trigger, and its stand-in
 * until the menu's code has loaded (`account-menu.tsx`).
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { SessionUser } from './session.server';

/** Who the menu is for. */
export type MenuUser = Pick<SessionUser, 'name' | 'email' | 'role'>;

/** Up to two initials of a name, e.g. 'Raj Patel' → 'RP'. */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** The round initials button; other props go to the `<button>`. */
export const AvatarButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { user: MenuUser }
>(function AvatarButton({ user, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={`Account menu for ${user.name}`}
      className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      {...props}
    >
      <span aria-hidden>{initials(user.name)}</span>
    </button>
  );
});
