import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { VariantCache } from './variant-cache.js';

/** Formats a caller may ask for by name; AVIF is only served when made ahead of time. */
export const VARIANT_FORMATS = ['webp', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number] | 'avif';

/**
 * Widths a variant snaps up to. A few fixed steps keep the cache small and make every client that
 * asks for "about 300 px" share one file; no caller can fill the disk with 1600 distinct widths.
 */
export const VARIANT_WIDTHS = [64, 128, 192, 256, 320, 384, 480, 640, 768, 960, 1200, 1600];
export const MAX_VARIANT_SIDE = 1600;

export type VariantParams = {
  width: number | null;
  height: number | null;
  quality: number;
  format: VariantFormat;
};

/** The next allowed step at or above `value`, clamped to the largest. */
export function snapDimension(value: number | undefined): number | null {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return null;
  return VARIANT_WIDTHS.find((step) => step >= value) ?? MAX_VARIANT_SIDE;
}

/** Qualities a variant snaps to: enough choice for previews and sharp views, few cache entries. */
export const VARIANT_QUALITIES = [40, 50, 60, 75, 90];

/** The nearest allowed quality (the lower one on a tie); absent or nonsense gives the fallback. */
export function clampQuality(value: number | undefined, fallback: number): number {
  const q = value === undefined || !Number.isFinite(value) ? fallback : value;
  return VARIANT_QUALITIES.reduce((best, step) =>
    Math.abs(step - q) < Math.abs(best - q) ? step : best,
  );
}

const CONTENT_TYPES: Record<VariantFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

export type Variant = { body: Buffer; contentType: string; etag: string };

/** Runs at most `limit` jobs at once: sharp work is CPU-bound and the machine has few cores. */
function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Recently served variants kept in memory, bounded by bytes, dropped oldest first. */
function createByteLru(maxBytes: number) {
  const entries = new Map<string, Variant>();
  let bytes = 0;
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: Variant) {
      if (value.body.length > maxBytes / 8) return;
      const old = entries.get(key);
      if (old) bytes -= old.body.length;
      entries.set(key, value);
      bytes += value.body.length;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.body.length;
      }
    },
  };
}

/**
 * Makes resized copies of stored images once and keeps them in the variant cache (local disk, or
 * the object store when several hosts serve images) and the hottest in memory.
 * Keys of stored objects never change their bytes, so a variant is valid for ever: its name is a
 * hash of the object and the parameters, which is also its strong ETag.
 */
export function createImageVariants(options: {
  cache: VariantCache;
  concurrency?: number;
  memoryBytes?: number;
}) {
  const run = createLimiter(options.concurrency ?? 2);
  const memory = createByteLru(options.memoryBytes ?? 64 * 1024 * 1024);
  const inFlight = new Map<string, Promise<Variant>>();

  function cacheKey(source: string, params: VariantParams): string {
    return createHash('sha256')
      .update(
        `${source}\n${params.width ?? ''}x${params.height ?? ''}\nq${params.quality}\n${params.format}`,
      )
      .digest('hex')
      .slice(0, 40);
  }

  async function render(input: Buffer, params: VariantParams): Promise<Buffer> {
    const image = sharp(input, { limitInputPixels: 50_000_000 }).rotate();
    if (params.width || params.height) {
      image.resize(params.width, params.height, {
        fit: params.width && params.height ? 'cover' : 'inside',
        withoutEnlargement: true,
      });
    }
    if (params.format === 'webp') image.webp({ quality: params.quality, effort: 2 });
    else if (params.format === 'jpeg') image.jpeg({ quality: params.quality, mozjpeg: true });
    else if (params.format === 'avif') image.avif({ quality: params.quality, effort: 2 });
    else image.png({ compressionLevel: 7 });
    return image.toBuffer();
  }

  const nameFor = (key: string, format: VariantFormat) => `${key}.${format}`;

  return {
    /** Whether this variant was made already (memory or cache); AVIF is served only then. */
    async has(source: string, params: VariantParams): Promise<boolean> {
      const key = cacheKey(source, params);
      if (memory.get(key)) return true;
      return options.cache.has(nameFor(key, params.format));
    },

    etagFor(source: string, params: VariantParams): string {
      return `"${cacheKey(source, params)}"`;
    },

    /**
     * The variant of `source` (a stable name of the stored object). `load` reads the original
     * and is called only when neither memory nor the cache has the variant.
     */
    async get(
      source: string,
      params: VariantParams,
      load: () => Promise<Buffer | null>,
    ): Promise<Variant | null> {
      const key = cacheKey(source, params);
      const cached = memory.get(key);
      if (cached) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const name = nameFor(key, params.format);
      const contentType = CONTENT_TYPES[params.format];
      const etag = `"${key}"`;
      const work = (async (): Promise<Variant | null> => {
        const stored = await options.cache.read(name).catch(() => null);
        if (stored) return { body: stored, contentType, etag };
        const original = await load();
        if (!original) return null;
        const body = await run(() => render(original, params));
        await options.cache.write(name, body);
        return { body, contentType, etag };
      })();
      inFlight.set(key, work as Promise<Variant>);
      try {
        const variant = await work;
        if (variant) memory.set(key, variant);
        return variant;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;

/**
 * WebP when the browser says it takes it, else JPEG; an explicit allowed format wins. `takesAvif`
 * tells the caller it may swap in an AVIF variant if one was made ahead of time.
 */
export function negotiateFormat(requested: string | undefined, accept: string | undefined) {
  if (requested && (VARIANT_FORMATS as readonly string[]).includes(requested)) {
    return { format: requested as VariantFormat, negotiated: false, takesAvif: false };
  }
  const takes = (type: string) => new RegExp(`${type}(?!;q=0(\\.0+)?\\b)`).test(accept ?? '');
  return {
    format: (takes('image/webp') ? 'webp' : 'jpeg') as VariantFormat,
    negotiated: true,
    takesAvif: takes('image/avif'),
  };
}
