import { fileTypeFromBuffer } from 'file-type';

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The type the bytes really are; never the name or the header a client sent. */
export async function detectContentType(bytes: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  return found?.mime ?? 'application/octet-stream';
}

/** png, jpeg or webp by their bytes, else null. */
export async function detectImageType(bytes: Uint8Array): Promise<ImageContentType | null> {
  const type = await detectContentType(bytes);
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type)
    ? (type as ImageContentType)
    : null;
}

export function extensionFor(type: ImageContentType): 'png' | 'jpg' | 'webp' {
  return type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpg' : 'webp';
}
