import { useParams, useSearchParams } from 'react-router';
import { useClientConfig } from '@/lib/use-client-config';
import { GoogleButton } from './GoogleButton';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { failureText, useGoogleSignIn } from './auth-mutations';
import { FormAlert } from './FormAlert';

/** "or" and the Google button, when this server offers Google sign-in. */
export function GoogleSignIn({ disabled }: { disabled: boolean }) {
  const clientConfig = useClientConfig();
  const { plan } = useParams();
  const [searchParams] = useSearchParams();
  const googleSignIn = useGoogleSignIn();
  if (!clientConfig.data?.googleSignIn) return null;
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton
        onClick={() => googleSignIn.mutate({ plan, frequency: searchParams.get('frequency') })}
        disabled={disabled || googleSignIn.isPending}
      />
      <FormAlert message={failureText(googleSignIn.error, AUTH_MESSAGES.googleFailed)} />
    </>
  );
}
