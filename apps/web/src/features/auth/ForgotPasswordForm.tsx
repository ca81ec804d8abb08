import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, forgotPasswordSchema, type ForgotPasswordInput } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { failureText, useRequestPasswordReset } from './auth-mutations';

/** "Forgot password?": mails a reset link to the address. */
export function ForgotPasswordForm({
  email,
  onEmailChange,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}) {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email },
  });
  const requestReset = useRequestPasswordReset();
  // A missing address is said aloud, not only under the field: it is the one thing to do here.
  const [missingEmail, setMissingEmail] = useState(false);

  const submit = form.handleSubmit(
    (input) => {
      setMissingEmail(false);
      requestReset.mutate(input);
    },
    (errors) => {
      const isMissing = errors.email?.message === AUTH_MESSAGES.resetEmailRequired;
      setMissingEmail(isMissing);
      if (isMissing) toast.error(AUTH_MESSAGES.resetEmailRequired);
    },
  );

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField control={form.control} onValueChange={onEmailChange} />
      <FormAlert
        message={
          missingEmail
            ? AUTH_MESSAGES.resetEmailRequired
            : failureText(requestReset.error, AUTH_MESSAGES.resetFailed)
        }
      />
      <Button type="submit" isLoading={requestReset.isPending} className="w-full">
        Send reset link
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
