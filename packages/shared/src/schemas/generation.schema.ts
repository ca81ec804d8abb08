import { z } from 'zod';
import { IMAGE_SIZE_VALUES, MAX_CHAT_IMAGES, MAX_TEXT_REPLACEMENTS } from '../generation.js';
import { DOWNLOAD_FORMATS, DOWNLOAD_QUALITIES } from '../download.js';
import {
  GENERATION_STEP_KEYS,
  GENERATION_STEP_STATUSES,
  type GenerationStepState,
} from '../generation.js';
import { MIN_PROMPT_LENGTH, PROMPT_MAX_LENGTH, REMOVE_MASK_LIMITS } from '../generation.js';
import { TEMPLATE_NAME_MAX_LENGTH, TEXT_REPLACEMENT_MAX_LENGTH } from '../generation.js';
import { ImageItemSchema, MAX_SERIAL_ID } from './common.schema.js';

// The generation's shape, written once: the server's routes validate and document with these
// (naming them for OpenAPI), its service types are their z.infer, and the web client's request
// types come from them.

export const GENERATION_KINDS = ['swap', 'chat'] as const;
export const GENERATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const VISIBILITIES = ['public', 'private'] as const;

export const GenerationStepSchema = z.object({
  key: z.enum(GENERATION_STEP_KEYS),
  label: z.string(),
  status: z.enum(GENERATION_STEP_STATUSES),
  at: z.string().optional(),
}) satisfies z.ZodType<GenerationStepState>;

/** A rectangle in template pixels. */
export const BoxSchema = z.object({
  x: z.number().int().min(0).max(20_000),
  y: z.number().int().min(0).max(20_000),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});
export type Box = z.infer<typeof BoxSchema>;

const ReplacementsSchema = z.array(z.object({ toReplace: z.string(), replacement: z.string() }));

/** A generation as the API shows it: status, steps, result, and what it was made from. */
export const GenerationSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(GENERATION_KINDS),
  status: z.enum(GENERATION_STATUSES),
  steps: z.array(GenerationStepSchema),
  error: z.object({ code: z.string(), title: z.string(), message: z.string() }).nullable(),
  result: z.object({ url: z.string(), fileName: z.string() }).nullable(),
  note: z.string().nullable(),
  /** The part of the template the result shows (template pixels), to align a before/after. */
  beforeCrop: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .nullable(),
  /** What the result was made from, so the editor can reopen it. */
  templateId: z.number().int().nullable(),
  communityTemplateId: z.string().nullable(),
  size: z.enum(IMAGE_SIZE_VALUES),
  /** A swap's own inputs, so reopening the design restores them. */
  swap: z
    .object({
      productUploadId: z.string(),
      /** The product photo, while it is still in the person's library. */
      product: ImageItemSchema.nullable(),
      replacements: ReplacementsSchema,
      productBox: BoxSchema.nullable(),
      /** The painted Remove region (white: removed), a signed address; null for a box. */
      removeMaskUrl: z.string().nullable(),
      includeText: z.boolean(),
      placement: z.object({ box: BoxSchema, rotation: z.number() }).nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Generation = z.infer<typeof GenerationSchema>;
export type GenerationStep = Generation['steps'][number];

/** The words of the ad to replace, as a swap or a batch asks for them. */
export const TextReplacementsBodySchema = z
  .array(
    z.object({
      toReplace: z.string().max(TEXT_REPLACEMENT_MAX_LENGTH),
      replacement: z.string().max(TEXT_REPLACEMENT_MAX_LENGTH),
    }),
  )
  .max(MAX_TEXT_REPLACEMENTS)
  .default([]);

export const ImageSizeBodySchema = z.enum(IMAGE_SIZE_VALUES).default('1024x1024');

export const SwapBodySchema = z.object({
  /** Exactly one of the three template sources. */
  templateId: z.number().int().min(1).max(MAX_SERIAL_ID).optional(),
  communityTemplateId: z.uuid().optional(),
  /** The design page: a template image the person uploaded to their library. */
  templateUploadId: z.uuid().optional(),
  productUploadId: z.uuid(),
  replacements: TextReplacementsBodySchema,
  size: ImageSizeBodySchema,
  productBox: BoxSchema.optional(),
  removeMask: z
    .string()
    .max(Math.ceil((REMOVE_MASK_LIMITS.maxBytes * 4) / 3))
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Base64 of a PNG')
    .optional()
    .meta({
      description:
        'The Remove region painted by the person: base64 of a PNG of the template shape, at most 4096 px a side, white or opaque pixels removed (exactly those). Wins over productBox.',
    }),
  includeText: z.boolean().optional().meta({
    description:
      "false: the ad's words stay out of both regions; true: they may be removed and covered.",
  }),
  /** Where the new product goes (template pixels) and its turn in degrees; else where the old stood. */
  placement: z
    .object({ box: BoxSchema, rotation: z.number().min(-180).max(180).default(0) })
    .optional(),
  /** Design-page generations become community templates with this visibility. */
  visibility: z.enum(VISIBILITIES).optional(),
  /** The community template's name (design page); else "Design <number>". */
  templateName: z.string().trim().max(TEMPLATE_NAME_MAX_LENGTH).optional(),
});
/** What a client sends (defaults may be left out). */
export type SwapRequest = z.input<typeof SwapBodySchema>;
/** What the server works with once the body is read. */
export type SwapInput = z.output<typeof SwapBodySchema>;

export const ChatBodySchema = z
  .object({
    prompt: z.string().trim().max(PROMPT_MAX_LENGTH),
    referenceUploadIds: z.array(z.uuid()).max(MAX_CHAT_IMAGES).default([]),
    size: ImageSizeBodySchema,
    visibility: z.enum(VISIBILITIES).optional(),
    /** A Regenerate: 1, 2... asks the local engine for another layout of the same request. */
    variation: z.number().int().min(0).max(100).optional(),
  })
  .refine((body) => body.referenceUploadIds.length > 0 || body.prompt.length >= MIN_PROMPT_LENGTH, {
    message: `A prompt needs at least ${MIN_PROMPT_LENGTH} characters when no image is attached.`,
    path: ['prompt'],
  });
export type ChatRequest = z.input<typeof ChatBodySchema>;
export type ChatInput = z.output<typeof ChatBodySchema>;

/** `{number}` of GET /generations/by-number/{number}: a design's public number. */
export const GenerationNumberParamsSchema = z.object({
  number: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** How a result is downloaded; the server applies the plan's rules to what is asked. */
export const DownloadQuerySchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS).default('png'),
  quality: z.enum(DOWNLOAD_QUALITIES).default('preview'),
  name: z.string().max(200).optional(),
});
