import sharp from 'sharp';
import type { ProductCutOut } from '@adtwin/engine';
import {
  GENERATION_MESSAGES,
  LARGE_PHOTO_PIXELS,
  SIGNED_URL_TTL,
  SMALL_PRODUCT_SIDE,
  cutOutWarningText,
  type CutOut,
  type CutOutWarningCode,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import { decodeImage } from '../../platform/images/validate-image.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { selectOwnUpload } from '../uploads/uploads.queries.js';

/** What is stored beside the cut-out's PNG. */
type CutOutMeta = Omit<ProductCutOut, 'png'> & { isTouchedUp?: boolean };

/** Past these fractions of the photo, a cut-out is doubtful. */
const COVERS_EVERYTHING = 0.96;
const TINY_PART = 0.02;

/**
 * A product photo's cut-out, made once per upload and kept beside it (a second use costs
 * nothing); the person's touched-up mask replaces it, and every later generation uses that.
 */
export function createCutOutService(deps: {
  db: Database;
  storage: ObjectStorage;
  /** The engine's cut-out (the engine pool's worker in the running server). */
  cutOut: (bytes: Uint8Array) => Promise<ProductCutOut>;
}) {
  const { db, storage } = deps;
  const keys = (userId: string, uploadId: string) => ({
    png: `${userId}/cutouts/${uploadId}.png`,
    meta: `${userId}/cutouts/${uploadId}.json`,
  });

  async function readPhoto(userId: string, uploadId: string) {
    const upload = await selectOwnUpload(db, { ownerId: userId, id: uploadId });
    const file = upload ? await storage.get('temp-images', upload.key) : null;
    if (!upload || !file) {
      throw new DomainError('not_found', GENERATION_MESSAGES.missingUrls, 'upload_not_found');
    }
    return { upload, bytes: new Uint8Array(file.body) };
  }

  async function store(userId: string, uploadId: string, cutOut: ProductCutOut, meta: CutOutMeta) {
    const key = keys(userId, uploadId);
    await storage.put({
      bucket: 'temp-images',
      key: key.png,
      body: Buffer.from(cutOut.png),
      contentType: 'image/png',
    });
    await storage.put({
      bucket: 'temp-images',
      key: key.meta,
      body: Buffer.from(JSON.stringify(meta)),
      contentType: 'application/json',
    });
  }

  /** The stored cut-out, or a new one from the photo (`photo` spares reading it again). */
  async function load(
    userId: string,
    uploadId: string,
    photo?: Uint8Array,
  ): Promise<ProductCutOut & { isTouchedUp: boolean }> {
    const key = keys(userId, uploadId);
    const [png, meta] = await Promise.all([
      storage.get('temp-images', key.png),
      storage.get('temp-images', key.meta),
    ]);
    if (png && meta) {
      const { box, method, isTouchedUp } = JSON.parse(meta.body.toString('utf8')) as CutOutMeta;
      return { png: new Uint8Array(png.body), box, method, isTouchedUp: isTouchedUp === true };
    }
    const bytes = photo ?? (await readPhoto(userId, uploadId)).bytes;
    // A copy: the engine takes the bytes it is given, and the caller may go on using them.
    const cutOut = await deps.cutOut(bytes.slice());
    await store(userId, uploadId, cutOut, { box: cutOut.box, method: cutOut.method });
    return { ...cutOut, isTouchedUp: false };
  }

  async function warningsFor(
    cutOut: ProductCutOut,
    photo: { width: number; height: number },
  ): Promise<CutOut['warnings']> {
    const codes: CutOutWarningCode[] = [];
    if (Math.max(cutOut.box.width, cutOut.box.height) < SMALL_PRODUCT_SIDE) codes.push('small');
    if (photo.width * photo.height > LARGE_PHOTO_PIXELS) codes.push('large');
    const alpha = await sharp(cutOut.png).ensureAlpha().extractChannel(3).raw().toBuffer();
    let kept = 0;
    for (const value of alpha) if (value >= 128) kept += 1;
    const share = kept / (photo.width * photo.height);
    if (share > COVERS_EVERYTHING) codes.push('covers-everything');
    else if (share < TINY_PART) codes.push('tiny-part');
    return codes.map((code) => ({
      code,
      message: cutOutWarningText(code, code === 'small' ? cutOut.box : photo),
    }));
  }

  async function view(
    userId: string,
    uploadId: string,
    cutOut: ProductCutOut & { isTouchedUp: boolean },
    photo: { width: number; height: number },
  ): Promise<CutOut> {
    return {
      url: await storage.createUrl(
        'temp-images',
        keys(userId, uploadId).png,
        SIGNED_URL_TTL.default,
      ),
      box: cutOut.box,
      photo,
      isTouchedUp: cutOut.isTouchedUp,
      warnings: await warningsFor(cutOut, photo),
    };
  }

  /** The photo's size as the engine sees it: upright, after its EXIF orientation. */
  async function photoSize(bytes: Uint8Array) {
    const meta = await sharp(bytes).metadata();
    const isTurned = (meta.orientation ?? 1) >= 5;
    const width = meta.width ?? 1;
    const height = meta.height ?? 1;
    return isTurned ? { width: height, height: width } : { width, height };
  }

  return {
    load,

    /** The caller's upload's cut-out, made now if it never was; another person's reads 404. */
    async describe(userId: string, uploadId: string): Promise<CutOut> {
      const { bytes } = await readPhoto(userId, uploadId);
      const cutOut = await load(userId, uploadId, bytes);
      return view(userId, uploadId, cutOut, await photoSize(bytes));
    },

    /**
     * The person's touched-up mask (opaque pixels are the product, or bright ones in a mask
     * without transparency; any size: it is stretched over the photo) becomes the cut-out.
     */
    async saveMask(userId: string, uploadId: string, maskBytes: Buffer): Promise<CutOut> {
      const { bytes } = await readPhoto(userId, uploadId);
      await decodeImage(
        maskBytes,
        () =>
          new DomainError('unsupported_type', 'The mask must be a PNG image.', 'unsupported_type'),
      );
      const size = await photoSize(bytes);
      const resized = () =>
        sharp(maskBytes).resize(size.width, size.height, { fit: 'fill', kernel: 'nearest' });
      // A mask speaks through its transparency when it has some, else through its brightness.
      let alpha = await resized().ensureAlpha().extractChannel(3).raw().toBuffer();
      if (alpha.every((value) => value === 255)) {
        alpha = await resized().greyscale().extractChannel(0).raw().toBuffer();
      }
      let left = size.width;
      let top = size.height;
      let right = -1;
      let bottom = -1;
      for (let y = 0; y < size.height; y += 1) {
        for (let x = 0; x < size.width; x += 1) {
          if (alpha[y * size.width + x]! < 128) continue;
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
      if (right < 0) {
        throw new DomainError('invalid', 'Keep at least a part of the product.', 'empty_mask');
      }
      const box = { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
      const rgb = await sharp(bytes).rotate().removeAlpha().raw().toBuffer();
      const png = await sharp(rgb, { raw: { ...size, channels: 3 } })
        .joinChannel(alpha, { raw: { ...size, channels: 1 } })
        .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
        .png()
        .toBuffer();
      const cutOut: ProductCutOut = { png: new Uint8Array(png), box, method: 'alpha' };
      await store(userId, uploadId, cutOut, { box, method: 'alpha', isTouchedUp: true });
      return view(userId, uploadId, { ...cutOut, isTouchedUp: true }, size);
    },
  };
}

export type CutOutService = ReturnType<typeof createCutOutService>;
