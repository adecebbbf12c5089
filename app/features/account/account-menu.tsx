/**
 * The header's account button (SPEC.md section 2 "Navigation bar and shell"): a round button
 * with the signed-in shopper's initials, labelled "Account menu for <name>". Its menu (a Radix
 * dropdown, `user-menu.tsx`) is fetched when the pointer comes near or the button takes the
 * focus, and opens on the first press: a signed-in page's first load carries none of it
 * (issue 32 "Budget": `/checkout` within the public pages' script budget at 375 px).
 */
import { lazy, Suspense, useState } from 'react';
import { AvatarButton, type MenuUser } from './avatar-button';

const loadMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadMenu().then((module) => ({ default: module.UserMenu })));

/** The account button, then (once pressed) its menu, opened. */
export function AccountMenu({ user }: { user: MenuUser }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadMenu();
  if (!wanted) {
    return (
      <AvatarButton
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setWanted(true)}
      />
    );
  }
  return (
    <Suspense fallback={<AvatarButton user={user} aria-haspopup="menu" aria-busy />}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}
