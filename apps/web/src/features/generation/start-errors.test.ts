import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeStartFailure } from './start-errors';

describe('describeStartFailure', () => {
  it('opens the upgrade modal for the feature the server names', () => {
    expect(
      describeStartFailure(new ApiError(402, 'No credits', 'upgrade_required:AI image generation')),
    ).toEqual({ kind: 'upgrade', feature: 'AI image generation' });
  });

  it("gives the spec's titles and texts for 401, 429, 546 and other failures", () => {
    expect(describeStartFailure(new ApiError(429, 'busy'))).toEqual({
      kind: 'error',
      title: 'Too many requests',
      message: "You've made too many generation requests. Please wait a few minutes and try again.",
    });
    expect(describeStartFailure(new ApiError(546, 'CPU Time exceeded'))).toMatchObject({
      title: 'Generation timed out',
      message:
        'The AI image generation is taking too long. Try a smaller image size or try again later when the server is less busy.',
    });
    expect(describeStartFailure(new ApiError(404, 'Template not found'))).toEqual({
      kind: 'error',
      title: 'Generation failed',
      message: 'Template not found',
    });
    expect(describeStartFailure(new ApiError(401, 'Unauthorized'))).toEqual({
      kind: 'error',
      title: 'Generation failed',
      message: 'Authentication token not available. Please log in again.',
    });
    expect(describeStartFailure(new ApiError(500, ''))).toMatchObject({
      message: 'Error generating image (Status: 500)',
    });
  });
});
