import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, type SignInInput } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { lazyResolver } from '@/lib/lazy-resolver';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { GoogleSignIn } from './GoogleSignIn';
import { ModeSwitch } from './ModeSwitch';
import { failureText, useSignIn } from './auth-mutations';

// The first screen of /login: its checks (and zod) load on the first blur or submit.
const resolver = lazyResolver(() => import('./sign-in-resolver').then((m) => m.signInResolver));

/** E-mail and password; only presence is checked here, never strength. */
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
  const form = useForm<SignInInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email, password: '' },
  });
  const signIn = useSignIn();

  const submit = form.handleSubmit(async (input) => {
    const outcome = await signIn.mutateAsync(input).catch(() => null);
    if (outcome === 'unverified') onUnverified();
    else if (outcome === 'signed-in') await onSignedIn();
  });

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <EmailField control={form.control} onValueChange={onEmailChange} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={form.formState.errors.password?.message}
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
