/**
 * The account page's settings: change the password (other devices are signed out) and delete
 * the account after confirming the password in a dialog.
 */
import { Section } from '~/components/ui/card';
import { NewPasswordFields } from './password-fields';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import type { AccountField } from './account-actions.server';
import type { AuthActionData } from './auth-form';
import { PASSWORD_MAX_LENGTH } from './rules';

type Result = AuthActionData<AccountField>;

/** Toasts a fetcher's notice once it settles; resolves the settled data. */
function useSettled(fetcher: ReturnType<typeof useFetcher<Result>>, onSuccess?: () => void) {
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const { notice, ok } = fetcher.data;
    if (notice)
      (ok ? toast.success : toast.error)(notice.title, { description: notice.description });
    if (ok) onSuccess?.();
    // onSuccess is a fresh closure each render; the data is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  return fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok
    ? (fetcher.data.errors ?? {})
    : {};
}

export function AccountSettings() {
  const passwordFetcher = useFetcher<Result>();
  const passwordForm = useRef<HTMLFormElement>(null);
  const passwordErrors = useSettled(passwordFetcher, () => passwordForm.current?.reset());
  const deleteFetcher = useFetcher<Result>();
  const deleteErrors = useSettled(deleteFetcher);
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <Section id="settings" heading="Settings" className="scroll-mt-24">
      <passwordFetcher.Form
        method="post"
        ref={passwordForm}
        className="mt-4 grid max-w-md gap-4"
        aria-label="Change password"
      >
        <h3 className="font-semibold">Change password</h3>
        <input type="hidden" name="intent" value="change-password" />
        <FormField
          id="settings-current"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={passwordErrors.currentPassword}
        />
        <NewPasswordFields
          idPrefix="settings"
          errors={passwordErrors}
          required={false}
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
        />
        <Button
          type="submit"
          className="justify-self-start"
          disabled={passwordFetcher.state !== 'idle'}
        >
          {passwordFetcher.state !== 'idle' ? 'Saving…' : 'Change password'}
        </Button>
      </passwordFetcher.Form>

      <div className="mt-8 border-t border-border pt-6">
        <h3 className="font-semibold">Delete my account</h3>
        <p className="mt-1 max-w-prose text-sm text-muted-foreground">
          This removes your account, your saved cart and wishlist, and signs you out everywhere.
          Paid orders stay in the shop's books without your name and e-mail. It cannot be undone.
        </p>
        <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
          <DialogTrigger asChild>
            <Button type="button" variant="destructive" className="mt-4">
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Enter your password to confirm. Your account is removed at once.
            </DialogDescription>
            <deleteFetcher.Form
              method="post"
              className="mt-4 grid gap-4"
              aria-label="Delete account"
            >
              <input type="hidden" name="intent" value="delete-account" />
              <FormField
                id="delete-password"
                name="password"
                type="password"
                label="Password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX_LENGTH}
                error={deleteErrors.password}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Keep my account
                  </Button>
                </DialogClose>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={deleteFetcher.state !== 'idle'}
                >
                  {deleteFetcher.state !== 'idle' ? 'Deleting…' : 'Delete for good'}
                </Button>
              </div>
            </deleteFetcher.Form>
          </DialogContent>
        </Dialog>
      </div>
    </Section>
  );
}
