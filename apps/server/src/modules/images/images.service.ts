import type { Bucket } from '@adtwin/shared';
import { BUCKETS, DEFAULT_IMAGE_QUALITY } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import {
  clampQuality,
  negotiateFormat,
  snapDimension,
  type ImageVariants,
  type Variant,
  type VariantParams,
} from '../../platform/images/image-variants.js';
import { COMMUNITY_PREFIX, OFFICIAL_PREFIX } from '../../platform/images/image-paths.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import type { UrlSigner } from '../../platform/storage/url-signer.js';
import { selectCommunityImageAccess } from './images.queries.js';

/** Who may read an image, and how long a browser may keep it. */
export type ImageAccess =
  { allowed: false } | { allowed: true; cache: 'public-immutable' | 'private-short' };

export type VariantRequest = {
  bucket: string;
  key: string;
  /** Looked up only when the rule needs it: official images skip the session read. */
  resolveUserId: () => Promise<string | null>;
  signature?: { expires?: string; sig?: string };
  query: { w?: number; h?: number; q?: number; f?: string };
  accept: string | undefined;
};

export type VariantReply =
  | { kind: 'not-found' }
  | {
      kind: 'ok';
      etag: string;
      cacheControl: string;
      varyAccept: boolean;
      load: () => Promise<Variant | null>;
    };

const CACHE_CONTROL = {
  'public-immutable': 'public, max-age=31536000, immutable',
  // A private image can be deleted, made private again or lose its owner's account: browsers keep
  // it briefly and never in a shared cache, and must ask again soon.
  'private-short': 'private, max-age=300',
} as const;

/** Thumbnail sizes the gallery asks for (square cards, srcset 256..640), for pre-made AVIF. */
export const AVIF_PRESETS = [256, 320, 480, 640].map((side) => ({
  width: side,
  height: side,
  quality: DEFAULT_IMAGE_QUALITY,
  format: 'avif' as const,
}));

export function createImagesService(deps: {
  db: Database;
  storage: ObjectStorage;
  signer: UrlSigner;
  variants: ImageVariants;
}) {
  /**
   * The access rules of every stored image: official templates for anyone; community templates
   * for their owner, or for anyone signed in while public; private buckets for the owner of the
   * folder (keys start with the owner's id) or a holder of an unexpired signature for that key.
   */
  async function checkAccess(request: VariantRequest): Promise<ImageAccess> {
    const { bucket, key } = request;
    if (!(BUCKETS as readonly string[]).includes(bucket)) return { allowed: false };
    const signed =
      request.signature?.sig !== undefined &&
      deps.signer.verify({
        bucket,
        key,
        expires: request.signature.expires,
        signature: request.signature.sig,
      });
    if (bucket === 'category-images') {
      if (key.startsWith(OFFICIAL_PREFIX)) return { allowed: true, cache: 'public-immutable' };
      if (key.startsWith(COMMUNITY_PREFIX)) {
        const owner = await selectCommunityImageAccess(deps.db, key);
        if (!owner) return { allowed: false };
        const userId = await request.resolveUserId();
        if (owner.userId === userId) return { allowed: true, cache: 'private-short' };
        if ((owner.isPublic && userId) || signed) return { allowed: true, cache: 'private-short' };
      }
      return { allowed: false };
    }
    if (signed) return { allowed: true, cache: 'private-short' };
    const userId = await request.resolveUserId();
    if (userId && key.startsWith(`${userId}/`)) return { allowed: true, cache: 'private-short' };
    return { allowed: false };
  }

  return {
    checkAccess,

    /** Makes the AVIF thumbnails of the given stored images ahead of time; returns how many. */
    async premakeAvif(sources: { bucket: Bucket; key: string }[]): Promise<number> {
      let made = 0;
      for (const { bucket, key } of sources) {
        for (const params of AVIF_PRESETS) {
          const source = `${bucket}/${key}`;
          if (await deps.variants.has(source, params)) continue;
          const variant = await deps.variants.get(source, params, async () => {
            const file = await deps.storage.get(bucket, key).catch(() => null);
            return file?.body ?? null;
          });
          if (variant) made += 1;
        }
      }
      return made;
    },

    /** Access is decided before anything is read; refusals look like a missing file. */
    async prepareVariant(request: VariantRequest): Promise<VariantReply> {
      const access = await checkAccess(request);
      if (!access.allowed) return { kind: 'not-found' };
      const { format, negotiated, takesAvif } = negotiateFormat(request.query.f, request.accept);
      let params: VariantParams = {
        width: snapDimension(request.query.w),
        height: snapDimension(request.query.h),
        quality: clampQuality(request.query.q, DEFAULT_IMAGE_QUALITY),
        format,
      };
      const bucket = request.bucket as Bucket;
      const source = `${bucket}/${request.key}`;
      // AVIF costs ~15x WebP to make here: served only when made ahead of time (admin make-avif).
      if (takesAvif && (await deps.variants.has(source, { ...params, format: 'avif' }))) {
        params = { ...params, format: 'avif' };
      }
      return {
        kind: 'ok',
        etag: deps.variants.etagFor(source, params),
        cacheControl: CACHE_CONTROL[access.cache],
        varyAccept: negotiated,
        load: () =>
          deps.variants.get(source, params, async () => {
            const file = await deps.storage.get(bucket, request.key).catch(() => null);
            return file?.body ?? null;
          }),
      };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
