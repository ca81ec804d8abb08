import { PASSWORD_MAX_LENGTH } from '@adtwin/shared';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@/components/ui/TextField';
import { PasswordStrength } from './PasswordStrength';

/** A password being chosen (sign-up, reset): the field and its strength meter below it. */
export function NewPasswordField<Values extends FieldValues>({
  control,
  name,
  label,
  onValueChange,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  /** Called after each change, e.g. to show the rules as they are typed. */
  onValueChange?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-2">
          <TextField
            label={label}
            name={field.name}
            ref={field.ref}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            showCounter={false}
            value={field.value as string}
            onChange={(event) => {
              field.onChange(event.target.value);
              onValueChange?.();
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
          <PasswordStrength password={field.value as string} />
        </div>
      )}
    />
  );
}
