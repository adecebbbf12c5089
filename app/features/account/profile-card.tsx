/**
 * Profile information with inline name editing (SPEC.md section 4 "Profile edit"): view or
 * edit; Cancel restores the name; Save persists it on the server; a refusal toasts
 * 'Update failed' with the reason (section 8).
 */
import { Section } from '~/components/ui/card';
import { PencilIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import type { AuthActionData } from './auth-form';
import { NAME_MAX_LENGTH } from './rules';
import type { SessionUser } from './session.server';

export function ProfileCard({ user }: { user: SessionUser }) {
  const fetcher = useFetcher<AuthActionData<'fullName'>>();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(user.name);
  const saving = fetcher.state !== 'idle';
  const nameInput = useRef<HTMLInputElement>(null);
  // Pressing Edit moves the focus into the field the visitor asked to change.
  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const { notice, ok } = fetcher.data;
    if (notice)
      (ok ? toast.success : toast.error)(notice.title, { description: notice.description });
    if (ok) setEditing(false);
  }, [fetcher.state, fetcher.data]);

  const error =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok
      ? fetcher.data.errors?.fullName
      : undefined;
  const memberSince = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' }).format(
    new Date(user.createdAt),
  );

  return (
    <Section heading="Profile information">
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted-foreground">Full name</dt>
          <dd className="mt-1">
            {editing ? (
              <fetcher.Form method="post" className="grid gap-3" aria-label="Edit your name">
                <input type="hidden" name="intent" value="update-name" />
                <FormField
                  id="profile-name"
                  name="fullName"
                  label="Full name"
                  autoComplete="name"
                  required
                  maxLength={NAME_MAX_LENGTH}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  error={error}
                  ref={nameInput}
                />
                <div className="flex gap-2">
                  <Button type="submit" disabled={saving}>
                    {saving ? 'Saving…' : 'Save'}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setDraft(user.name);
                      setEditing(false);
                    }}
                  >
                    Cancel
                  </Button>
                </div>
              </fetcher.Form>
            ) : (
              <span className="flex items-center gap-3">
                <span className="text-lg font-medium">{user.name}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setDraft(user.name);
                    setEditing(true);
                  }}
                >
                  <PencilIcon aria-hidden /> Edit name
                </Button>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Email</dt>
          <dd className="mt-1 break-all font-medium">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Account type</dt>
          <dd className="mt-1 font-medium">
            {
              {
                admin: 'Administrator',
                counter: 'Counter staff',
                workshop: 'Workshop staff',
                user: 'Customer',
              }[user.role]
            }
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Member since</dt>
          <dd className="mt-1 font-medium">{memberSince}</dd>
        </div>
      </dl>
    </Section>
  );
}
