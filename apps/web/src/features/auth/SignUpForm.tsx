import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  cleanNameInput,
  FULL_NAME_MAX_LENGTH,
  signUpSchema,
  type SignUpInput,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { focusFirstInvalid } from '@/lib/focus-first-invalid';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { GoogleSignIn } from './GoogleSignIn';
import { ModeSwitch } from './ModeSwitch';
import { NewPasswordField } from './NewPasswordField';
import { TermsCheckbox } from './TermsCheckbox';
import { failureText, useSignUp } from './auth-mutations';

/** Name, e-mail, a password under the signup rules, and the terms. */
export function SignUpForm({
  email,
  onEmailChange,
  onSignedUp,
  onSignIn,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedUp: () => void;
  onSignIn: () => void;
}) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { name: '', email, password: '' },
  });
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const signUp = useSignUp();
  const values = useWatch({ control: form.control });
  const isComplete = signUpSchema.safeParse(values).success;

  const submit = form.handleSubmit(async (input) => {
    await signUp.mutateAsync(input).then(onSignedUp, () => undefined);
  }, focusFirstInvalid);

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            label="Full name"
            name={field.name}
            ref={field.ref}
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            value={field.value}
            onChange={(e) => field.onChange(cleanNameInput(e.target.value))}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <EmailField control={form.control} onValueChange={onEmailChange} />
      <NewPasswordField
        control={form.control}
        name="password"
        label="Password"
        // The rules show as they are typed, like the strength meter.
        onValueChange={() => void form.trigger('password')}
      />
      <TermsCheckbox checked={acceptedTerms} onChange={setAcceptedTerms} />
      <FormAlert message={failureText(signUp.error, AUTH_MESSAGES.unexpected)} />
      <Button
        type="submit"
        isLoading={signUp.isPending}
        disabled={!isComplete || !acceptedTerms}
        className="w-full"
      >
        Create account
      </Button>
      <GoogleSignIn disabled={signUp.isPending} />
      <ModeSwitch question="Already have an account?" action="Sign in" onClick={onSignIn} />
    </form>
  );
}
