import { useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, SIGN_IN_RULES } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { EmailInput } from './EmailInput';
import { FormAlert } from './FormAlert';
import { GoogleSignIn } from './GoogleSignIn';
import { ModeSwitch } from './ModeSwitch';
import { failureText, useSignIn } from './auth-mutations';

type Field = keyof typeof SIGN_IN_RULES;
const FIELDS: Field[] = ['email', 'password'];

/**
 * E-mail and password; only presence is checked here, never strength. The first screen of
 * /login checks with the shared rules directly, without a form library or schema (about 30 KB of
 * the page's JavaScript): a field's message shows once it has been left or the form sent, and
 * follows the typing from then on, as the other auth forms' do.
 */
export function SignInForm({
  email,
  onEmailChange,
  onSignedIn,
  onUnverified,
  onForgotPassword,
  onSignUp,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => Promise<unknown>;
  onUnverified: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}) {
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<Record<Field, boolean>>({
    email: false,
    password: false,
  });
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const values: Record<Field, string> = { email, password };
  const errorOf = (field: Field) => (checked[field] ? SIGN_IN_RULES[field](values[field]) : null);
  const check = (field: Field) => setChecked((current) => ({ ...current, [field]: true }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked({ email: true, password: true });
    const invalid = FIELDS.find((field) => SIGN_IN_RULES[field](values[field]));
    if (invalid) {
      (invalid === 'email' ? emailInput : passwordInput).current?.focus();
      return;
    }
    const outcome = await signIn.mutateAsync({ email, password }).catch(() => null);
    if (outcome === 'unverified') onUnverified();
    else if (outcome === 'signed-in') await onSignedIn();
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <EmailInput
        ref={emailInput}
        value={email}
        onChange={onEmailChange}
        onBlur={() => check('email')}
        error={errorOf('email')}
      />
      <TextField
        ref={passwordInput}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        showCounter={false}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onBlur={() => check('password')}
        error={errorOf('password')}
      />
      <button
        type="button"
        className="self-end text-sm font-medium text-accent hover:underline"
        onClick={onForgotPassword}
      >
        Forgot password?
      </button>
      <FormAlert message={failureText(signIn.error, AUTH_MESSAGES.unexpected)} />
      <Button type="submit" isLoading={signIn.isPending} className="w-full">
        Sign in
      </Button>
      <GoogleSignIn disabled={signIn.isPending} />
      <ModeSwitch question="Don't have an account?" action="Sign up" onClick={onSignUp} />
    </form>
  );
}
