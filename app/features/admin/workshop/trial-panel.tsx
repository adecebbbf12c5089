/**
 * A garment's trial in the back office (issue 31 item 5, "Trials and alterations"): the form that
 * records a trial's outcome (notes, who alters it, and two buttons: "Fits" and "Alterations
 * needed"; intent 'record-trial' with the ticket's version), and the garment's trial history
 * (each visit's outcome, notes, who altered it, who recorded it and when). Shared by the order's
 * Tickets panel and the one-tap ticket page, each of which wraps the fields in its own form.
 */
import { formatShopDateTime } from '~/lib/shop-time';
import type { StaffChoice } from '~/features/workshop/tickets.server';
import type { TrialRecord } from '~/features/workshop/trial-outcomes.server';

/**
 * The trial form's fields and buttons, for garment `garmentId` at `version`. `staff` is who an
 * alteration can go to (empty: it stays with `assigneeId`); `name` labels the group
 * ("Trial of 1. Suit jacket").
 */
export function TrialFields({
  garmentId,
  version,
  assigneeId,
  staff,
  name,
  busy,
  large = false,
}: {
  garmentId: number;
  version: number;
  assigneeId: string | null;
  staff: StaffChoice[];
  name: string;
  busy: boolean;
  /** The one-tap page's big buttons. */
  large?: boolean;
}) {
  const notesId = `trial-notes-${garmentId}`;
  const byId = `trial-by-${garmentId}`;
  const button = large
    ? 'min-h-14 w-full rounded-xl px-4 text-lg font-semibold disabled:opacity-60'
    : 'min-h-11 rounded-md px-4 text-sm font-medium disabled:opacity-60 sm:min-h-10';
  return (
    <fieldset className="grid gap-3" aria-label={`Trial of ${name}`}>
      <legend className="text-sm font-semibold">Trial</legend>
      <input type="hidden" name="intent" value="record-trial" />
      <input type="hidden" name="garmentId" value={garmentId} />
      <input type="hidden" name="version" value={version} />
      <div className="grid gap-1">
        <label htmlFor={notesId} className="text-sm font-medium">
          Trial notes
        </label>
        <textarea
          id={notesId}
          name="notes"
          rows={2}
          maxLength={1000}
          placeholder="e.g. shorten sleeves 1 cm"
          className="rounded-md border border-border bg-white px-3 py-2 text-base md:text-sm"
        />
      </div>
      {staff.length > 0 && (
        <div className="grid gap-1">
          <label htmlFor={byId} className="text-sm font-medium">
            Alterations by
          </label>
          <select
            id={byId}
            name="alterationAssigneeId"
            defaultValue={assigneeId ?? ''}
            key={assigneeId ?? ''}
            className="h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm"
          >
            {assigneeId === null && <option value="">No one</option>}
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={large ? 'grid gap-3' : 'flex flex-wrap gap-2'}>
        <button
          type="submit"
          name="outcome"
          value="fits"
          disabled={busy}
          className={`${button} bg-primary text-primary-foreground`}
        >
          Fits
        </button>
        <button
          type="submit"
          name="outcome"
          value="alteration"
          disabled={busy}
          className={`${button} border border-border bg-background`}
        >
          Alterations needed
        </button>
      </div>
    </fieldset>
  );
}

/** A garment's trials so far, oldest first; nothing when it has had none. */
export function TrialHistory({ trials, name }: { trials: TrialRecord[]; name: string }) {
  if (trials.length === 0) return null;
  return (
    <ol aria-label={`Trials of ${name}`} className="grid gap-1 text-sm">
      {trials.map((trial) => (
        <li key={trial.visit}>
          <strong>
            Trial {trial.visit}: {trial.outcome === 'fits' ? 'Fits' : 'Alterations needed'}
          </strong>
          {trial.notes && <> — {trial.notes}</>}
          {trial.outcome === 'alteration' && (
            <span className="text-muted-foreground">
              {' '}
              · altered by {trial.alterationByName ?? 'no one'}
            </span>
          )}
          <span className="text-muted-foreground">
            {' '}
            · {trial.recordedByName || 'staff'},{' '}
            <time dateTime={trial.recordedAt}>{formatShopDateTime(trial.recordedAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
