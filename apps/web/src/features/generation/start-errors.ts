import { GENERATION_MESSAGES, generationStatusText } from '@adtwin/shared';
import { ApiError } from '@/lib/api-client';

export type StartFailure =
  { kind: 'upgrade'; feature: string } | { kind: 'error'; title: string; message: string };

/**
 * What to show when the server refuses to start a generation: the upgrade modal when the plan is
 * the problem ('upgrade_required:<feature>'), else the spec's title and text.
 */
export function describeStartFailure(error: unknown): StartFailure {
  if (error instanceof ApiError) {
    if (error.code?.startsWith('upgrade_required:')) {
      return { kind: 'upgrade', feature: error.code.slice('upgrade_required:'.length) };
    }
    if (error.status === 401) {
      // The session ended (signed out in another tab, expired): nothing can be made until sign-in.
      return {
        kind: 'error',
        title: GENERATION_MESSAGES.failedTitle,
        message: GENERATION_MESSAGES.signedOut,
      };
    }
    if (error.status === 429) {
      return {
        kind: 'error',
        title: GENERATION_MESSAGES.tooManyTitle,
        message: GENERATION_MESSAGES.tooManyText,
      };
    }
    if (error.status === 546) {
      return {
        kind: 'error',
        title: GENERATION_MESSAGES.timeoutTitle,
        message: GENERATION_MESSAGES.timeoutText,
      };
    }
    return {
      kind: 'error',
      title: GENERATION_MESSAGES.failedTitle,
      message: error.message || generationStatusText(error.status),
    };
  }
  return {
    kind: 'error',
    title: GENERATION_MESSAGES.failedTitle,
    message: error instanceof Error ? error.message : 'Failed to generate image',
  };
}
