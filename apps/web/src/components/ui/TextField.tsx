import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, className, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
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
      {error ? (
        <p id={messageId} className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <div id={messageId} className="text-xs text-muted">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
