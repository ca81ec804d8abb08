import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';

/**
 * The `onInvalid` of a form's `handleSubmit`: focuses the first invalid field in the page's order.
 * react-hook-form's own focus follows the order fields registered in, and a field inside a
 * `Controller` registers after the form's `register` calls, so it would skip an empty e-mail
 * field for the password below it. Use with `shouldFocusError: false`.
 */
export function focusFirstInvalid(errors: FieldErrors, event?: BaseSyntheticEvent): void {
  const form = event?.target;
  if (!(form instanceof HTMLFormElement)) return;
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && element.name in errors,
  );
  first?.focus();
}
