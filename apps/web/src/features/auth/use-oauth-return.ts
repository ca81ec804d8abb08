import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { useAccount } from '@/lib/account';
import { redirectAfterSignIn } from './redirect-after-sign-in';

/**
 * Back from Google: better-auth redirects to the sign-in page with ?oauth=google, or ?error=...
 * on failure. Says so once and moves on. True while such a return is being handled.
 */
export function useOAuthReturn(): boolean {
  const account = useAccount();
  const navigate = useNavigate();
  const { plan } = useParams();
  const [searchParams] = useSearchParams();
  const oauthReturn = searchParams.get('oauth');
  const oauthError = searchParams.get('error');
  const hasAnnounced = useRef(false);
  useEffect(() => {
    if (hasAnnounced.current) return;
    if (oauthError) {
      hasAnnounced.current = true;
      toast.error(AUTH_MESSAGES.googleFailed);
    } else if (oauthReturn === 'google' && account.data) {
      hasAnnounced.current = true;
      toast.success(AUTH_MESSAGES.signedInWithGoogle);
      navigate(redirectAfterSignIn(plan, searchParams.get('frequency')), { replace: true });
    }
  }, [oauthError, oauthReturn, account.data, navigate, plan, searchParams]);
  return Boolean(oauthReturn);
}
