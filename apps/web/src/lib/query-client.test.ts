import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { queryKeys } from '@/lib/query-keys';

const signedIn = { id: 'u1', email: 'a@example.test' };

describe('the query client when a session ends elsewhere', () => {
  it('forgets the person and their data on a 401, once, and says so', async () => {
    let told = 0;
    const client = createQueryClient({ onSessionEnded: () => (told += 1) });
    client.setQueryData(queryKeys.account, signedIn);
    client.setQueryData(queryKeys.uploads, ['cached upload']);
    await client
      .fetchQuery({
        queryKey: ['credits'],
        queryFn: () => Promise.reject(new ApiError(401, 'You must be signed in')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(queryKeys.account)).toBeNull();
    expect(client.getQueryData(queryKeys.uploads)).toBeUndefined();
    expect(told).toBe(1);
    // Further 401s after that (nobody signed in any more) change nothing.
    await client
      .fetchQuery({
        queryKey: queryKeys.designs,
        queryFn: () => Promise.reject(new ApiError(401, 'You must be signed in')),
      })
      .catch(() => undefined);
    expect(told).toBe(1);
  });

  it('leaves a signed-in page alone on other failures', async () => {
    let told = 0;
    const client = createQueryClient({ onSessionEnded: () => (told += 1) });
    client.setQueryData(queryKeys.account, signedIn);
    await client
      .fetchQuery({
        queryKey: ['credits'],
        queryFn: () => Promise.reject(new ApiError(500, 'Something went wrong')),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryData(queryKeys.account)).toEqual(signedIn);
    expect(told).toBe(0);
  });

  it('treats a failed action (mutation) the same way', async () => {
    let told = 0;
    const client = createQueryClient({ onSessionEnded: () => (told += 1) });
    client.setQueryData(queryKeys.account, signedIn);
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => Promise.reject(new ApiError(401, 'You must be signed in')),
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(client.getQueryData(queryKeys.account)).toBeNull();
    expect(told).toBe(1);
  });
});

describe('a mutation that shows its own signed-out text', () => {
  const rejectWith401 = () => Promise.reject(new ApiError(401, 'You must be signed in'));

  it('keeps its 401 to itself: the person, their data and the page stay', async () => {
    let told = 0;
    const client = createQueryClient({ onSessionEnded: () => (told += 1) });
    client.setQueryData(queryKeys.account, signedIn);
    client.setQueryData(queryKeys.subscription, { tier: 'free' });
    const failure = await client
      .getMutationCache()
      .build(client, { mutationFn: rejectWith401, meta: { showsOwnSignedOutText: true } })
      .execute(undefined)
      .catch((error: unknown) => error);
    // The caller still receives the 401, to say its own text.
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(client.getQueryData(queryKeys.account)).toEqual(signedIn);
    expect(client.getQueryData(queryKeys.subscription)).toEqual({ tier: 'free' });
    expect(told).toBe(0);
  });

  it('keeps nothing local when the flag is off: the session ends as for any mutation', async () => {
    let told = 0;
    const client = createQueryClient({ onSessionEnded: () => (told += 1) });
    client.setQueryData(queryKeys.account, signedIn);
    await client
      .getMutationCache()
      .build(client, { mutationFn: rejectWith401, meta: { showsOwnSignedOutText: false } })
      .execute(undefined)
      .catch(() => undefined);
    expect(client.getQueryData(queryKeys.account)).toBeNull();
    expect(told).toBe(1);
  });
});
