import { GENERATION_RESUME_WINDOW_MS, type ImageItem, type ImageSize } from '@adtwin/shared';

/** What the design page keeps in local storage so a reload resumes the same job and images. */
export type DesignDraft = {
  generationId: string;
  template: ImageItem;
  product: ImageItem;
  size: ImageSize;
  visibility: 'public' | 'private';
  savedAt: number;
};

export const draftKey = (userId: string) => `design-generation:${userId}`;

/** The saved draft if it is whole and under 10 minutes old, else null. */
export function readDesignDraft(raw: string | null, now: number): DesignDraft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<DesignDraft>;
    if (
      typeof draft.generationId !== 'string' ||
      !draft.template?.id ||
      !draft.product?.id ||
      typeof draft.savedAt !== 'number' ||
      now - draft.savedAt >= GENERATION_RESUME_WINDOW_MS ||
      draft.savedAt > now
    ) {
      return null;
    }
    return draft as DesignDraft;
  } catch {
    return null;
  }
}
