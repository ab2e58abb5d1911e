import { Input, type InputProps } from '#components/ui/input.tsx';
import { PasswordStrength } from './password-strength.tsx';

type FieldProps = Omit<InputProps, 'label' | 'type'>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** A new password with its strength meter, and the same typed again. */
export function NewPasswordFields({
  password,
  confirm,
  label = 'Password',
}: {
  password: FieldProps;
  confirm: FieldProps;
  label?: string;
}) {
  return (
    <>
      <div>
        <Input label={label} type="password" autoComplete="new-password" {...password} />
        <PasswordStrength password={String(password.value ?? '')} />
      </div>
      <Input label={`Confirm ${label.toLowerCase()}`} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
