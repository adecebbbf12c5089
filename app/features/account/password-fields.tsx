/**
 * A new password and its confirmation (register, reset, change password): both cleared after
 * each answer of the action (`resetKey`), with SPEC.md's 6-character hint.
 */
import { FormField } from '~/components/ui/form-field';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules';

export function NewPasswordFields({
  idPrefix,
  errors,
  resetKey = '',
  labels = { password: 'Password', confirm: 'Confirm password' },
  required = true,
}: {
  idPrefix: string;
  errors: { password?: string; confirmPassword?: string };
  /** Changes after each answer, so the fields start empty again. */
  resetKey?: string;
  labels?: { password: string; confirm: string };
  required?: boolean;
}) {
  return (
    <>
      <FormField
        key={`${resetKey}-${idPrefix}-password`}
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={labels.password}
        autoComplete="new-password"
        required={required}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <FormField
        key={`${resetKey}-${idPrefix}-confirm`}
        id={`${idPrefix}-confirm`}
        name="confirmPassword"
        type="password"
        label={labels.confirm}
        autoComplete="new-password"
        required={required}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirmPassword}
      />
    </>
  );
}
