import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../../test/redis.js';
import { createGenerationEvents } from './generation-events.js';

const connections: Redis[] = [];
const connect = () => {
  const redis = new Redis(TEST_REDIS_URL);
  connections.push(redis);
  return redis;
};
afterAll(() => connections.forEach((redis) => redis.disconnect()));

/** 'settled' if `promise` settles within `withinMs`, else 'still waiting'. */
function settlesWithin(promise: Promise<void>, withinMs: number) {
  return Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), withinMs)),
  ]);
}

describe.each([
  ['embedded (one process)', () => createGenerationEvents()],
  [
    'scaled (Redis between processes)',
    () => {
      const channel = `generation-events-test-${randomUUID()}`;
      return {
        channel,
        events: createGenerationEvents({ redis: connect(), subscriber: connect(), channel }),
      };
    },
  ],
] as const)('generation events, %s', (_shape, make) => {
  const setUp = async () => {
    const made = make();
    const events = 'events' in made ? made.events : made;
    // The subscriber's SUBSCRIBE reaches Redis before the first publish.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return events;
  };

  it('a change that came while the stream was busy (between its read and its wait) wakes it at once', async () => {
    const events = await setUp();
    const id = randomUUID();
    const changes = events.watch(id);
    // The stream read the row, and is writing it out when the runner saves the next step.
    events.notify(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await settlesWithin(changes.next(60_000), 1000)).toBe('settled');
    // That change is used up: the next wait waits for the next one.
    expect(await settlesWithin(changes.next(60_000), 300)).toBe('still waiting');
    changes.close();
  });

  it('waits for the next change, and only for its own id', async () => {
    const events = await setUp();
    const id = randomUUID();
    const changes = events.watch(id);
    const waiting = changes.next(60_000);
    events.notify(randomUUID());
    expect(await settlesWithin(waiting, 300)).toBe('still waiting');
    events.notify(id);
    expect(await settlesWithin(waiting, 1000)).toBe('settled');
    changes.close();
  });

  it('gives up after the recheck time, and at once when the reader leaves', async () => {
    const events = await setUp();
    const changes = events.watch(randomUUID());
    expect(await settlesWithin(changes.next(100), 1000)).toBe('settled');
    const leaving = new AbortController();
    const waiting = changes.next(60_000, leaving.signal);
    leaving.abort();
    expect(await settlesWithin(waiting, 1000)).toBe('settled');
    changes.close();
  });
});
