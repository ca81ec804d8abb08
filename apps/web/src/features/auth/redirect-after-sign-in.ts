/** Where to go after signing in: a chosen plan (and frequency) lead to /subscription, else home. */
export function redirectAfterSignIn(plan: string | undefined, frequency: string | null): string {
  if (plan && frequency) {
    return `/subscription?plan=${encodeURIComponent(plan)}&frequency=${encodeURIComponent(frequency)}`;
  }
  if (plan) return `/subscription?plan=${encodeURIComponent(plan)}`;
  return '/';
}
