import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';
import { useAccount } from '@/lib/account';

/** Pages behind sign-in: no session goes to /login. */
export function RequireSession() {
  const account = useAccount();
  if (account.isPending) return <FullPageSpinner />;
  if (!account.data) return <Navigate to="/login" replace />;
  return <Outlet />;
}
