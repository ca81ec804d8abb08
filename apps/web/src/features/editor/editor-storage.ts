import { GENERATION_RESUME_WINDOW_MS } from '@adtwin/shared';
import type { UploadedImage } from '@/features/generation';
import { readStored, writeStored } from '@/lib/local-storage';
import type { TemplateRef } from './editor-route';
import { templateKey } from './editor-route';

/** The spec keeps these in local storage: the last template, the product image, a running job. */
const LAST_TEMPLATE = 'adtwin:editor:last-template';
const PRODUCT_IMAGE = 'adtwin:editor:product-image';
const RUNNING_JOB = 'adtwin:editor:generation';

function read<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  writeStored(key, value === null ? null : JSON.stringify(value));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isTemplateRef(value: unknown): value is TemplateRef {
  if (!isObject(value)) return false;
  return (
    (value.kind === 'official' && Number.isInteger(value.id) && (value.id as number) > 0) ||
    (value.kind === 'community' && typeof value.id === 'string' && value.id.length <= 64)
  );
}

export const lastTemplate = {
  read: () => read(LAST_TEMPLATE, isTemplateRef),
  save: (template: TemplateRef) => write(LAST_TEMPLATE, template),
};

function isUpload(value: unknown): value is UploadedImage {
  return isObject(value) && typeof value.id === 'string' && typeof value.url === 'string';
}

export const savedProductImage = {
  read: () => read(PRODUCT_IMAGE, isUpload),
  save: (upload: UploadedImage | null) => write(PRODUCT_IMAGE, upload),
};

type RunningJob = { generationId: string; template: string; startedAt: number };

function isRunningJob(value: unknown): value is RunningJob {
  return (
    isObject(value) &&
    typeof value.generationId === 'string' &&
    typeof value.template === 'string' &&
    typeof value.startedAt === 'number'
  );
}

export const runningJob = {
  /** The job to follow again after a reload: same template, started under 10 minutes ago. */
  resume(template: TemplateRef, now = Date.now()): string | null {
    const job = read(RUNNING_JOB, isRunningJob);
    if (!job) return null;
    const isFresh = now - job.startedAt >= 0 && now - job.startedAt < GENERATION_RESUME_WINDOW_MS;
    return isFresh && job.template === templateKey(template) ? job.generationId : null;
  },
  save: (template: TemplateRef, generationId: string, now = Date.now()) =>
    write(RUNNING_JOB, { generationId, template: templateKey(template), startedAt: now }),
  clear: () => write(RUNNING_JOB, null),
};
