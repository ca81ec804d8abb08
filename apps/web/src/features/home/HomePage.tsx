import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Logo } from '@/components/ui/Logo';
import { authClient } from '@/lib/auth-client';
import { useAccount } from '@/lib/account';

/** The signed-in landing page until the application shell arrives. */
export function HomePage() {
  const { data: account } = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  if (!account) return null;
  const { credits, creditsUsed } = account.profile;

  async function logOut() {
    setIsLoggingOut(true);
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-8 px-6 py-8">
      <header className="flex items-center justify-between">
        <Logo />
        <Button variant="secondary" onClick={logOut} isLoading={isLoggingOut}>
          {!isLoggingOut && <LogOut className="size-4" aria-hidden="true" />}
          {isLoggingOut ? 'Logging out...' : 'Logout'}
        </Button>
      </header>
      <main className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">
          Hello, {account.fullName || account.email}
        </h1>
        <p className="text-muted">
          You are signed in as <strong className="text-fg">{account.email}</strong>.
        </p>
        <p className="text-sm text-muted" data-testid="credits">
          {creditsUsed} / {credits} credits used
        </p>
      </main>
    </div>
  );
}
