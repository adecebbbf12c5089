/**
 * The sizes and colours fields: a comma-separated list with its entries shown as chips, as
 * they will be saved.
 */
import { FormField } from '~/components/ui/form-field';

/**
 * A text field of comma-separated `value`, with the `entries` it splits into listed under it
 * (a list named "`label` as saved") once there are any.
 */
export function ListField({
  id,
  name,
  label,
  value,
  onChange,
  entries,
  error,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  entries: string[];
  error?: string;
  placeholder: string;
}) {
  return (
    <div className="grid content-start gap-2">
      <FormField
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        placeholder={placeholder}
        autoComplete="off"
        hint="Separated by commas. The first one is what a card's Add to Cart chooses."
      />
      {entries.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={`${label} as saved`}>
          {entries.map((entry) => (
            <li
              key={entry}
              className="max-w-full rounded-full bg-muted px-2 py-0.5 text-xs break-words"
            >
              {entry}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
