import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { EmailInput } from './EmailInput';

/** The e-mail input bound to a react-hook-form form (sign-up, reset). */
export function EmailField<Values extends FieldValues>({
  control,
  onValueChange,
}: {
  control: Control<Values>;
  /** The address as it changes, so the other modes of the page start with it. */
  onValueChange: (email: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={'email' as Path<Values>}
      render={({ field, fieldState }) => (
        <EmailInput
          name={field.name}
          ref={field.ref}
          value={field.value as string}
          onChange={(email) => {
            field.onChange(email);
            onValueChange(email);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
