import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { CharacterCounter } from './CharacterCounter';
import { cn } from './cn';

export type TextFieldProps = ComponentPropsWithRef<'input'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Show the "12/200" counter when the field has a maxLength (off for passwords). */
  showCounter?: boolean;
};

export function TextField({
  label,
  error,
  hint,
  showCounter = true,
  className,
  id,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  // A field with a limit says how much of it is used, so nobody learns it from a refusal.
  const hasCounter =
    showCounter && props.maxLength !== undefined && typeof props.value === 'string';
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={inputId}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={cn(
          'h-10 rounded-lg border bg-surface px-3 text-sm text-fg placeholder:text-muted transition-colors',
          'focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/30',
          error ? 'border-danger' : 'border-border',
        )}
      />
      {/* One line is always reserved, so a message appearing on blur never moves what is below
          (a moved button would swallow the click that caused the blur). */}
      <div className="flex min-h-4 justify-between gap-2 text-xs">
        <div id={messageId} className={error ? 'text-danger' : 'text-muted'}>
          {error ?? hint}
        </div>
        {hasCounter && (
          <CharacterCounter length={String(props.value).length} max={Number(props.maxLength)} />
        )}
      </div>
    </div>
  );
}
