/**
 * Form helpers shared by every form of the site: reading a form's text fields and turning a
 * zod error into one message per field (the first one), for showing beside the field.
 */
import type * as z from 'zod/mini';

/** One message per field name. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** The first message of each field that failed. */
export function fieldErrors<Field extends string>(error: z.core.$ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The named text fields of a form as strings ('' when missing; a file counts as missing), so
 * that zod sees every field and an attacker's extra fields are ignored.
 */
export function formValues<Field extends string>(
  form: FormData | Record<string, FormDataEntryValue | undefined>,
  fields: readonly Field[],
): Record<Field, string> {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name]);
  return Object.fromEntries(
    fields.map((field) => {
      const value = get(field);
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as Record<Field, string>;
}
