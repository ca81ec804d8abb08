import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { logOutOptions } from './use-log-out';

function signedInClient() {
  const client = createQueryClient({ onSessionEnded: () => undefined });
  client.setQueryData(queryKeys.account, { id: 'u1', email: 'a@example.test' });
  client.setQueryData(queryKeys.credits, { credits: 5, creditsUsed: 1 });
  client.setQueryData(queryKeys.uploads, ['cached upload']);
  return client;
}

async function logOut(client: ReturnType<typeof signedInClient>, signOut: () => Promise<unknown>) {
  const steps: string[] = [];
  const options = logOutOptions(client, {
    signOut: () => {
      steps.push('signed out');
      return signOut();
    },
    onLoggedOut: () => steps.push(`left with ${client.getQueryCache().getAll().length} queries`),
  });
  await client
    .getMutationCache()
    .build(client, options)
    .execute(undefined)
    .catch(() => undefined);
  return steps;
}

describe('logging out', () => {
  it('signs out, then empties the query cache before leaving the page', async () => {
    const client = signedInClient();
    const steps = await logOut(client, () => Promise.resolve({ success: true }));
    expect(steps).toEqual(['signed out', 'left with 0 queries']);
    expect(client.getQueryData(queryKeys.account)).toBeUndefined();
    expect(client.getQueryData(queryKeys.credits)).toBeUndefined();
  });

  it('forgets the person even when the sign-out call fails', async () => {
    const client = signedInClient();
    const steps = await logOut(client, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(steps).toEqual(['signed out', 'left with 0 queries']);
    expect(client.getQueryData(queryKeys.uploads)).toBeUndefined();
  });
});
