/**
 * The signed-in visitor's avatar menu in the navigation bar (SPEC.md section 2 "Navigation
 * bar"): name and e-mail, Your Account, Admin Dashboard (administrators only) and Logout.
 * Logout posts to /logout, which signs out on the server and sends the browser to / with the
 * 'Logged out' notice; a failure shows SPEC.md section 8's 'Logout error'.
 */
import { isStaffRole } from '~/lib/account-roles';
import { LayoutDashboardIcon, LogOutIcon, UserIcon } from 'lucide-react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { AvatarButton, type MenuUser } from './avatar-button';
import { useLogout } from './use-logout';

/** The account dropdown: the shopper's name and e-mail, Your Account, Admin Dashboard (staff), Logout. */
export function UserMenu({ user, defaultOpen }: { user: MenuUser; defaultOpen?: boolean }) {
  const { logout, busy } = useLogout();
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-border bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate font-semibold">{user.name}</span>
            <span className="block truncate text-sm text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">
              <UserIcon aria-hidden className="size-4" /> Your Account
            </Link>
          </DropdownMenu.Item>
          {isStaffRole(user.role) && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <LayoutDashboardIcon aria-hidden className="size-4" /> Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} disabled={busy} onSelect={() => logout()}>
            <LogOutIcon aria-hidden className="size-4" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The same choices as plain links and a button, for the mobile menu. */
export function MobileUserLinks({ user }: { user: MenuUser }) {
  const { logout, busy } = useLogout();
  return (
    <div className="mt-3 border-t border-border pt-3">
      <p className="px-3 font-semibold">{user.name}</p>
      <p className="truncate px-3 text-sm text-muted-foreground">{user.email}</p>
      <div className="mt-2 flex flex-col gap-2">
        <Button asChild variant="outline">
          <Link to="/account">Your Account</Link>
        </Button>
        {isStaffRole(user.role) && (
          <Button asChild variant="outline">
            <Link to="/admin">Admin Dashboard</Link>
          </Button>
        )}
        <Button type="button" onClick={() => logout()} disabled={busy}>
          Logout
        </Button>
      </div>
    </div>
  );
}
