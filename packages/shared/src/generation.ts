/** Output sizes of the spec: square, portrait, landscape. */
export const IMAGE_SIZES = {
  square: '1024x1024',
  portrait: '1024x1536',
  landscape: '1536x1024',
} as const;
export type ImageSizeName = keyof typeof IMAGE_SIZES;
export type ImageSize = (typeof IMAGE_SIZES)[ImageSizeName];
export const IMAGE_SIZE_VALUES = Object.values(IMAGE_SIZES) as [ImageSize, ...ImageSize[]];

/**
 * The output size whose shape is nearest an image's (by the ratio of the two aspects): a
 * template's own shape, so that its ad is not cut down or widened with made-up edges.
 */
export function closestImageSize(image: { width: number; height: number }): ImageSize {
  const aspect = image.width / image.height;
  const distance = (size: ImageSize) => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    return Math.abs(Math.log(width / height / aspect));
  };
  return IMAGE_SIZE_VALUES.reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

export const MAX_TEXT_REPLACEMENTS = 5;
export const MAX_CHAT_IMAGES = 3;
export const MAX_CHAT_FILE_BYTES = 10 * 1024 * 1024;
export const MIN_PROMPT_LENGTH = 10;
/** The longest chat prompt the server takes; the prompt box counts towards it. */
export const PROMPT_MAX_LENGTH = 4000;
/** The longest text on either side of a text replacement. */
export const TEXT_REPLACEMENT_MAX_LENGTH = 100;
/** The longest template name (design's Template name, community share and rename). */
export const TEMPLATE_NAME_MAX_LENGTH = 120;
/** Generations a person may have queued or running at once. */
export const MAX_ACTIVE_GENERATIONS_PER_USER = 3;
/** A reload follows a generation started this recently (spec: under 10 minutes). */
export const GENERATION_RESUME_WINDOW_MS = 10 * 60_000;
/** The creating step's label changes after this long. */
export const SLOW_STEP_AFTER_MS = 30_000;

/** The steps a person sees, in order. The second reads 'Preparing images' for chat. */
export const GENERATION_STEP_LABELS = {
  check: 'Checking upload',
  upload: 'Uploading image',
  prepare: 'Preparing images',
  create: 'Creating image',
  done: 'Done',
} as const;
export const SLOW_CREATE_LABEL = 'Creating image... may take a moment...';

export const GENERATION_STEP_KEYS = ['check', 'upload', 'create', 'done'] as const;
export const GENERATION_STEP_STATUSES = ['pending', 'active', 'complete', 'error'] as const;
export type GenerationStepKey = (typeof GENERATION_STEP_KEYS)[number];
export type GenerationStepStatus = (typeof GENERATION_STEP_STATUSES)[number];
/** A step as the server stores and sends it (its zod schema, GenerationStepSchema, checks it). */
export type GenerationStepState = {
  key: GenerationStepKey;
  label: string;
  status: GenerationStepStatus;
  at?: string;
};

/** The four steps of the spec, all pending; chat reads 'Preparing images' for the second. */
export function initialGenerationSteps(kind: 'swap' | 'chat'): GenerationStepState[] {
  return [
    { key: 'check', label: GENERATION_STEP_LABELS.check, status: 'pending' },
    {
      key: 'upload',
      label: kind === 'chat' ? GENERATION_STEP_LABELS.prepare : GENERATION_STEP_LABELS.upload,
      status: 'pending',
    },
    { key: 'create', label: GENERATION_STEP_LABELS.create, status: 'pending' },
    { key: 'done', label: GENERATION_STEP_LABELS.done, status: 'pending' },
  ];
}

export const GENERATION_MESSAGES = {
  timeoutTitle: 'Generation timed out',
  timeoutText:
    'The AI image generation is taking too long. Try a smaller image size or try again later when the server is less busy.',
  tooManyTitle: 'Too many requests',
  tooManyText: "You've made too many generation requests. Please wait a few minutes and try again.",
  failedTitle: 'Generation failed',
  success: 'Generation successful!',
  invalidTemplate: 'Cannot process generation: Invalid template ID.',
  missingUrls: 'Missing URLs for generation',
  noImageData: 'No image data returned from generation',
  saveFailed: 'Error saving generation details',
  signedOut: 'Authentication token not available. Please log in again.',
} as const;

/** 'Error generating image (Status: N)', the fallback when a failure carries no text. */
export function generationStatusText(status: number): string {
  return `Error generating image (Status: ${status})`;
}

/** The upgrade modal's feature names. */
export const UPGRADE_FEATURES = {
  generation: 'AI image generation',
  privateTemplates: 'private templates',
} as const;

/**
 * A Remove region painted in the editor, sent with the swap as a PNG the size of the template
 * (or smaller, same shape): white or opaque pixels are removed, exactly those.
 */
export const REMOVE_MASK_LIMITS = {
  maxSide: 4096,
  maxBytes: 2 * 1024 * 1024,
  /** How far the mask's shape may differ from the template's (rounding when scaled down). */
  aspectTolerance: 0.02,
} as const;

export const REMOVE_MASK_MESSAGES = {
  unreadable: 'The painted area could not be read. Paint it again.',
  tooLarge: `The painted area is too large (at most ${REMOVE_MASK_LIMITS.maxSide} pixels a side).`,
  wrongShape: "The painted area does not match the template's shape. Paint it again.",
  empty: 'Paint over the product to remove, or switch back to Box.',
} as const;
