import { useQuery } from '@tanstack/react-query';
import { BROWSE_MESSAGES, isUsableFileName, stripExtension } from '@adtwin/shared';
import { ApiError } from '@/lib/api-client';
import {
  fetchGenerationByNumber,
  type Generation,
  type UploadedImage,
} from '@/features/generation';
import { fetchEditorTemplate } from './api';
import { type TemplateRef } from './editor-route';
import { queryKeys } from '@/lib/query-keys';

/** The spec's toasts for a template that cannot be opened, and where the person goes. */
export function describeLoadFailure(error: unknown, ref: TemplateRef, isViewMode: boolean) {
  const home = isViewMode
    ? '/your-designs'
    : ref.kind === 'community'
      ? '/community'
      : '/templates';
  if (error instanceof ApiError && error.code === 'private_template') {
    return { message: BROWSE_MESSAGES.privateTemplateDenied, to: home };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { message: BROWSE_MESSAGES.templateNotFound, to: home };
  }
  return { message: 'Could not load template', to: home };
}

export function useTemplate(ref: TemplateRef | null) {
  return useQuery({
    queryKey: queryKeys.editorTemplate(ref),
    queryFn: () => fetchEditorTemplate(ref!),
    enabled: ref !== null,
    retry: false,
    staleTime: 30_000,
  });
}

export function useGenerationByNumber(number: number | null) {
  return useQuery({
    queryKey: queryKeys.generationByNumber(number),
    queryFn: () => fetchGenerationByNumber(number!),
    enabled: number !== null,
    retry: false,
  });
}

export function downloadName(product: UploadedImage | null, result: Generation | null): string {
  if (product && isUsableFileName(product.name)) return stripExtension(product.name);
  return result?.result ? stripExtension(result.result.fileName) : 'adtwin-design';
}
