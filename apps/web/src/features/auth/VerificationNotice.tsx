import { verificationText } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { FormAlert } from './FormAlert';
import { failureText, useResendVerification } from './auth-mutations';
import { VERIFICATION_MESSAGES } from './auth-errors';

/** After sign-up, or a sign-in refused for an unverified address: where the link went. */
export function VerificationNotice({
  email,
  isUnverified,
  onBack,
}: {
  email: string;
  isUnverified: boolean;
  onBack: () => void;
}) {
  const resend = useResendVerification();
  return (
    <>
      {isUnverified ? (
        <p role="status" className="text-sm text-fg" data-testid="not-verified-text">
          {VERIFICATION_MESSAGES.notVerified(email)}
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="verification-text">
          {verificationText(email)}
        </p>
      )}
      <FormAlert message={failureText(resend.error, VERIFICATION_MESSAGES.resendFailed)} />
      <Button onClick={() => resend.mutate(email)} isLoading={resend.isPending}>
        {VERIFICATION_MESSAGES.resend}
      </Button>
      <Button variant="secondary" onClick={onBack}>
        Back to Login
      </Button>
    </>
  );
}
