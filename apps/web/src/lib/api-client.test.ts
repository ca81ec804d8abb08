import { describe, expect, it } from 'vitest';
import { ApiError, readAccepted } from './api-client';

const LOCATION = { Location: '/api/generations/7d0f2c1e-aaaa-4bbb-8ccc-0123456789ab' };

describe('readAccepted', () => {
  it('reads the job id from a whole reply', async () => {
    const reply = Response.json({ id: 'job-1', status: 'queued' }, { status: 202 });
    await expect(readAccepted(Promise.resolve(reply))).resolves.toEqual({ id: 'job-1' });
  });

  it('follows Location when the body was cut off after the headers', async () => {
    const reply = new Response('{"id":', { status: 202, headers: LOCATION });
    await expect(readAccepted(Promise.resolve(reply))).resolves.toEqual({
      id: '7d0f2c1e-aaaa-4bbb-8ccc-0123456789ab',
    });
  });

  it("throws the server's message for a refusal", async () => {
    const reply = Response.json({ error: 'No credits left', code: 'NO_CREDITS' }, { status: 402 });
    const error = await readAccepted(Promise.resolve(reply)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, message: 'No credits left', code: 'NO_CREDITS' });
  });

  it('throws when neither the body nor Location names a job', async () => {
    const reply = new Response('{"id":', { status: 202 });
    await expect(readAccepted(Promise.resolve(reply))).rejects.toBeInstanceOf(ApiError);
  });
});
