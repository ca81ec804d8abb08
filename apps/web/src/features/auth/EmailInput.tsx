import type { Ref } from 'react';
import { cleanEmailInput } from '@adtwin/shared';
import { TextField } from '@/components/ui/TextField';

/** The e-mail input of every auth form: whitespace never gets in, typed, pasted or spaced. */
export function EmailInput({
  value,
  onChange,
  onBlur,
  error,
  name = 'email',
  ref,
}: {
  value: string;
  /** The address, cleaned, as it changes. */
  onChange: (email: string) => void;
  onBlur: () => void;
  error: string | null | undefined;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const change = (typed: string) => onChange(cleanEmailInput(typed));
  return (
    <TextField
      label="Email"
      name={name}
      ref={ref}
      type="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === ' ') event.preventDefault();
      }}
      onPaste={(event) => {
        event.preventDefault();
        change(event.clipboardData.getData('text'));
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
