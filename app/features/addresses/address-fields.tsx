/**
 * The address fields of a form (issue 32 item 1): line 1, line 2 and landmark (optional), PIN
 * code, then city, district and state. Typing a six-digit PIN code asks GET
 * /api/pincodes/:pincode and fills the district and state (and the city, when the shopper has
 * not typed one), and says at once when India Post does not list the PIN code or when it lies
 * in another state than the one chosen; the pincode input then carries that message as its
 * custom validity, so the form's submit handler can refuse it as the server would. Without
 * JavaScript the fields are plain inputs and the server decides. Saved addresses (the address
 * book), when given, are offered in a chooser that fills the fields.
 */
import { useEffect, useRef, useState } from 'react';
import { FieldError, FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { INDIAN_STATES } from '~/lib/indian-states';
import type { FieldErrors } from '~/lib/forms';
import { cn } from '~/lib/utils';
import { districtFor, pincodeProblem, type PincodePlaces } from './indian-address';
import type { IndianAddressField } from './indian-address-schema';

type Values = Record<IndianAddressField, string>;

/** A saved address the chooser offers. */
interface SavedChoice extends Values {
  id: number;
  label: string;
}

const labels: Record<IndianAddressField, string> = {
  address: 'Address line 1',
  addressLine2: 'Address line 2 (optional)',
  landmark: 'Landmark (optional)',
  pincode: 'PIN code',
  city: 'City',
  district: 'District',
  state: 'State',
};

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-border bg-white px-3 text-base md:text-sm';

/** What the lookup said of the PIN code in the field: its places, unknown, or not asked yet. */
type Lookup = { pincode: string; entry: PincodePlaces | null } | null;

/** The lookup of one PIN code; null when it could not be asked (offline: the server decides). */
async function fetchPincode(pincode: string): Promise<Lookup> {
  try {
    const response = await fetch(`/api/pincodes/${pincode}`, {
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return { pincode, entry: null };
    if (!response.ok) return null;
    return { pincode, entry: (await response.json()) as PincodePlaces };
  } catch {
    return null;
  }
}

/**
 * The address inputs (named as `indianAddressShape`'s fields) for a form whose grid has two
 * columns from `sm` up, one on a phone; `defaults` prefill them, `errors` are the server's.
 */
export function AddressFields({
  idPrefix,
  defaults,
  errors,
  saved = [],
  onPincodeChange,
}: {
  /** Prefix of the inputs' ids, e.g. 'checkout'. */
  idPrefix: string;
  defaults: Partial<Record<IndianAddressField, string | null>>;
  errors: FieldErrors<IndianAddressField>;
  /** The shopper's saved addresses, for the chooser (none: no chooser). */
  saved?: SavedChoice[];
  /**
   * Called with the PIN code whenever the shopper types one or chooses a saved address (the
   * checkout asks the delivery charge for it), from this component's own change handlers.
   */
  onPincodeChange?: (pincode: string) => void;
}) {
  const [values, setValues] = useState<Values>(() => ({
    address: defaults.address ?? '',
    addressLine2: defaults.addressLine2 ?? '',
    landmark: defaults.landmark ?? '',
    pincode: defaults.pincode ?? '',
    city: defaults.city ?? '',
    district: defaults.district ?? '',
    state: defaults.state ?? 'Gujarat',
  }));
  const [lookup, setLookup] = useState<Lookup>(null);
  /**
   * The city the last lookup (or the prefill) filled in: replaced when the PIN code changes;
   * a city the shopper typed is kept.
   */
  const filledCity = useRef(defaults.city ?? '');
  /** The prefilled PIN code: its first lookup leaves the prefilled city and state alone. */
  const prefilledPincode = useRef(defaults.pincode ?? '');
  const pincodeInput = useRef<HTMLInputElement>(null);
  const set = (field: IndianAddressField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const pincode = values.pincode.trim();
  useEffect(() => {
    if (!/^[1-9]\d{5}$/.test(pincode) || lookup?.pincode === pincode) return;
    let current = true;
    void fetchPincode(pincode).then((found) => {
      if (!current || !found) return;
      setLookup(found);
      const { entry } = found;
      if (!entry) return;
      const prefilled = prefilledPincode.current === found.pincode;
      prefilledPincode.current = '';
      setValues((now) => {
        if (prefilled) {
          return now.district ? now : { ...now, district: districtFor(entry, now.state) };
        }
        const state = entry.places.some((place) => place.state === now.state)
          ? now.state
          : entry.places[0]!.state;
        const district = districtFor(entry, state, now.district);
        const keepCity = now.city.trim() !== '' && now.city !== filledCity.current;
        const city = keepCity ? now.city : district;
        filledCity.current = city;
        return { ...now, state, district, city };
      });
    });
    return () => {
      current = false;
    };
  }, [pincode, lookup?.pincode]);

  const liveProblem =
    lookup && lookup.pincode === pincode
      ? pincodeProblem(pincode, values.state, lookup.entry)
      : null;
  const looked = lookup?.pincode === pincode;
  const pincodeError = looked ? (liveProblem ?? undefined) : errors.pincode;
  useEffect(() => {
    pincodeInput.current?.setCustomValidity(liveProblem ?? '');
  }, [liveProblem]);

  const field = (name: IndianAddressField, props: Partial<React.ComponentProps<'input'>> = {}) => (
    <FormField
      key={name}
      id={`${idPrefix}-${name}`}
      name={name}
      label={labels[name]}
      value={values[name]}
      onChange={(event) => {
        set(name, event.currentTarget.value);
        if (name === 'pincode') onPincodeChange?.(event.currentTarget.value);
      }}
      error={name === 'pincode' ? pincodeError : errors[name]}
      {...props}
    />
  );

  return (
    <>
      {saved.length > 0 && (
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={`${idPrefix}-saved-address`}>Saved addresses</Label>
          <select
            id={`${idPrefix}-saved-address`}
            defaultValue=""
            className={selectClass}
            onChange={(event) => {
              const chosen = saved.find((one) => String(one.id) === event.currentTarget.value);
              if (!chosen) return;
              const { id: _id, label: _label, ...address } = chosen;
              filledCity.current = '';
              prefilledPincode.current = address.pincode;
              setValues(address);
              onPincodeChange?.(address.pincode);
            }}
          >
            <option value="">Choose a saved address…</option>
            {saved.map((one) => (
              <option key={one.id} value={one.id}>
                {one.label}: {one.address}, {one.city} {one.pincode}
              </option>
            ))}
          </select>
        </div>
      )}
      {field('address', {
        autoComplete: 'address-line1',
        required: true,
        maxLength: 300,
        className: 'sm:col-span-2',
      })}
      {field('addressLine2', {
        autoComplete: 'address-line2',
        maxLength: 200,
        className: 'sm:col-span-2',
      })}
      {field('landmark', { autoComplete: 'off', maxLength: 100 })}
      {field('pincode', {
        autoComplete: 'postal-code',
        inputMode: 'numeric',
        required: true,
        maxLength: 6,
        ref: pincodeInput,
      })}
      {field('city', { autoComplete: 'address-level2', required: true, maxLength: 80 })}
      {field('district', { autoComplete: 'off', maxLength: 80 })}
      <div className="grid content-start gap-2 sm:col-span-2">
        <Label htmlFor={`${idPrefix}-state`}>{labels.state}</Label>
        <select
          id={`${idPrefix}-state`}
          name="state"
          required
          autoComplete="address-level1"
          value={values.state}
          onChange={(event) => set('state', event.currentTarget.value)}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? `${idPrefix}-state-error` : undefined}
          className={cn(selectClass, errors.state && 'border-destructive')}
        >
          {INDIAN_STATES.map((state) => (
            <option key={state}>{state}</option>
          ))}
        </select>
        <FieldError id={`${idPrefix}-state-error`} message={errors.state} />
      </div>
    </>
  );
}
