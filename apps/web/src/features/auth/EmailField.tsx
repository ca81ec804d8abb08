import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { cleanEmailInput } from '@adtwin/shared';
import { TextField } from '@/components/ui/TextField';

/** The e-mail field of every auth form: whitespace never gets in, typed, pasted or spaced. */
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
      render={({ field, fieldState }) => {
        const change = (value: string) => {
          const email = cleanEmailInput(value);
          field.onChange(email);
          onValueChange(email);
        };
        return (
          <TextField
            label="Email"
            name={field.name}
            ref={field.ref}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={field.value as string}
            onChange={(event) => change(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === ' ') event.preventDefault();
            }}
            onPaste={(event) => {
              event.preventDefault();
              change(event.clipboardData.getData('text'));
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
