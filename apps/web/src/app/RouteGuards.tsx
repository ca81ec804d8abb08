import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';
import { useAccount } from '@/lib/account';
import { isOnboardingComplete } from '@/lib/onboarding-status';

/** Pages behind sign-in: no session goes to /login, onboarding not done goes to /onboarding. */
export function RequireOnboardedUser() {
  const account = useAccount();
  if (account.isPending) return <FullPageSpinner />;
  if (!account.data) return <Navigate to="/login" replace />;
  if (!isOnboardingComplete(account.data)) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
