import { predictSaliency, probabilityToRaster } from '../ml/isnet-model.js';
import {
  boxMeanAt,
  boxOfParts,
  dilateWithin,
  guidedFilter,
  labelComponents,
  largestComponent,
  type Component,
} from './mask-tools.js';
import { boundingBoxOf, clipBox, dilate, luminanceAt, padBox, type Raster } from './raster.js';
import { estimateBorderColor } from './segment-foreground.js';

/** Half of the model's scale: a pixel at or above it is the object's core. */
const CORE = 128;

/** The model's foreground probability (0..1) of a raster, as a 1024x1024 map. */
export type Predict = (raster: Raster) => Promise<Float32Array>;

/**
 * The product's alpha from the segmentation model, at the raster's size. The raster's colours are
 * decontaminated in place along the edge (the background's share taken out), so they can be laid
 * on any scene. All zero when the model sees no object. `predict` is the model (a measure may
 * pass a cached one).
 */
export async function cutOutWithModel(
  raster: Raster,
  predict: Predict = predictSaliency,
): Promise<Uint8Array> {
  const { width, height } = raster;
  const probability = await predictAt(raster, predict);
  let parts = keepTheProduct(probability, width, height);
  if (isScene(parts, width, height)) {
    // The scene (the sofa a shoe stands on) often holds the product as a part of its own, clear
    // of the frame's edges and of which the model is sure (furniture it reads as half there):
    // take it before looking again at the centre, whose tight crop the model reads worse (it
    // loses a white sole, takes a cat behind the shoe).
    const inFrame = keepTheProduct(probability, width, height, { clearOfBorder: true });
    // The product may also sit on furniture it is joined to (a mug on a cushion on a sofa): the
    // model is surer of the product than of the furniture, so at a sure level the two come apart.
    // Taken when the scene dwarfs it: a closer look at the centre still sees that furniture round
    // the product, while it isolates a product that is a good share of its scene (a juice bottle
    // on an armchair, 3.6x; a cable running off the frame is its own scene, 1.3x) with its
    // doubtful rim, which the sure level cuts off.
    const sureInFrame = keepTheProduct(probability, width, height, {
      clearOfBorder: true,
      level: SURE_LEVEL,
    });
    if (isProductSized(inFrame) && coreCertainty(inFrame) >= SURE) {
      parts = inFrame;
    } else if (
      isProductSized(sureInFrame, SURE_LEVEL) &&
      coreArea(parts) >= coreArea(sureInFrame) * DWARFING_SCENE
    ) {
      parts = sureInFrame;
    } else {
      let zoomed: Uint8Array | null = null;
      for (const share of ZOOMS) {
        zoomed = await zoomOnCentre(raster, predict, share);
        if (zoomed) break;
      }
      if (zoomed) {
        probability.set(zoomed);
        parts = keepTheProduct(probability, width, height);
      }
    }
  } else if (reachesFarPastItsSureCore(probability, parts, width, height)) {
    // Furniture the product stands on or leans against (bottles on a sofa's seat, a cushion
    // beside them) joined to it in one part: the product is the part the model is sure of.
    parts = keepTheProduct(probability, width, height, { level: SURE_LEVEL });
  } else if (coreArea(parts) < parts.length * SMALL_PRODUCT && isBusy(raster, parts)) {
    // A small part on a busy photo may be what stands out of the product rather than the product
    // (a saturated peg clipped to a plant's pot, with the plant running off the frame): the model
    // reads a subject cut by the frame as background. Seen with a margin round the photo, the
    // subject ends inside the picture and the model takes it whole; it is used when it holds the
    // first look's part, so a small product on clutter stays as it was.
    const wider = await lookWider(raster, predict);
    const widerParts = keepTheProduct(wider, width, height);
    if (holds(widerParts, parts) && coreArea(widerParts) >= coreArea(parts) * 2) {
      probability.set(wider);
      parts = widerParts;
    }
  }
  await lookCloserAtDoubtfulPart(raster, probability, parts, predict);
  const photo = raster.data.slice();
  const chosen = parts.slice();
  const alpha = refineModelAlpha(raster, probability, parts);
  const doubted = await doubtedOnACloserLook(
    { ...raster, data: photo },
    alpha,
    probability,
    predict,
  );
  if (!doubted) return alpha;
  // Taken out of the model's answer, the doubted regions are holes it is sure of: refined again
  // from the photo's own colours, they open and their rims are freed of the backdrop.
  raster.data.set(photo);
  for (let i = 0; i < doubted.length; i += 1) {
    if (!doubted[i]) continue;
    probability[i] = 0;
    chosen[i] = 0;
  }
  const opened = refineModelAlpha(raster, probability, chosen);
  // The edge's filter follows the photo's light, and a hole's pale rim is as light as the wood
  // round it: it would bring the rim back half there, tinted.
  for (let i = 0; i < doubted.length; i += 1) if (doubted[i]) opened[i] = 0;
  return opened;
}

/**
 * The largest part of the product's core the model is unsure of, looked at again on a crop round
 * it: a white heel on a white backdrop the model reads at 0.5-0.8 in the whole photo, and misses
 * the flare of its sole, while seen at three times the size it reads the heel and flare at 0.9 and
 * more. What the closer look sees as product is taken (the higher of the two readings), fading out
 * towards the crop's sides that cut the photo; `parts` follows it. One more run of the model, only
 * when such a part is a good share of the product.
 */
async function lookCloserAtDoubtfulPart(
  raster: Raster,
  probability: Uint8Array,
  parts: Uint8Array,
  predict: Predict,
): Promise<void> {
  const { width, height } = raster;
  const count = width * height;
  const outside = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) outside[i] = parts[i]! < CORE ? 1 : 0;
  // The outline's own soft band (the model's edge, its resampling) is not doubt.
  const nearOutside = dilate(outside, width, height, edgeBand(width, height));
  const doubtful = new Uint8Array(count);
  let coreArea = 0;
  for (let i = 0; i < count; i += 1) {
    if (outside[i]) continue;
    coreArea += 1;
    doubtful[i] = !nearOutside[i] && probability[i]! < DOUBTFUL_BELOW ? 1 : 0;
  }
  const { labels, components } = labelComponents(doubtful, width, height);
  const part = largestComponent(components);
  if (!part || part.area < coreArea * DOUBTFUL_SHARE) return;
  // On a busy backdrop the closer look takes what else stands out in the crop (a cat on the
  // sofa behind a bottle): only a plain backdrop next to the doubted part is looked at again.
  if (backdropSpreadNear(raster, labels, part.label, outside) > DOUBT_PLAIN) return;
  const { closer, left, top, side } = await lookAt(raster, part, DOUBT_CROP, predict);
  // Near a side of the crop that cuts the photo the model sees things cut off, and reads them
  // less surely: the closer look fades out there.
  const fade = Math.max(1, Math.round(side * 0.1));
  const reach = (offset: number, cut: boolean) => (cut ? Math.min(1, offset / fade) : 1);
  for (let y = 0; y < side; y += 1) {
    const fromTop = reach(y, top > 0);
    const fromBottom = reach(side - 1 - y, top + side < height);
    for (let x = 0; x < side; x += 1) {
      const weight = Math.min(
        fromTop,
        fromBottom,
        reach(x, left > 0),
        reach(side - 1 - x, left + side < width),
      );
      const i = (y + top) * width + x + left;
      const gain = closer[y * side + x]! - probability[i]!;
      if (gain > 0) probability[i] = Math.round(probability[i]! + weight * gain);
    }
  }
  // The part grows where the closer look joined new core to it, with its soft rim.
  const core = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) core[i] = probability[i]! >= CORE ? 1 : 0;
  const { labels: coreLabels, components: cores } = labelComponents(core, width, height);
  const joined = new Uint8Array(cores.length + 1);
  for (let i = 0; i < count; i += 1) if (parts[i]! >= CORE) joined[coreLabels[i]!] = 1;
  const kept = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) kept[i] = joined[coreLabels[i]!]!;
  const rim = dilate(kept, width, height, shoulderWidth(width, height));
  for (let y = top; y < top + side; y += 1) {
    for (let i = y * width + left, end = i + side; i < end; i += 1) {
      if (rim[i] && (kept[i] || !core[i])) parts[i] = Math.max(parts[i]!, probability[i]!);
    }
  }
}

/**
 * The model's probability on a square crop of the raster centred on a part, `zoom` times the
 * part's longer side (a quarter of the raster's shorter side at least, that whole side at most:
 * on a wide photo a long part may reach past the crop): the model sees the part larger. The map
 * is at the crop's size; `left` and `top` place it.
 */
async function lookAt(
  raster: Raster,
  part: Component,
  zoom: number,
  predict: Predict,
): Promise<{ closer: Uint8Array; left: number; top: number; side: number }> {
  const { width, height, channels, data } = raster;
  const partSide = Math.max(part.maxX - part.minX, part.maxY - part.minY) + 1;
  const side = Math.min(
    width,
    height,
    Math.max(Math.round(partSide * zoom), Math.round(Math.min(width, height) / 4)),
  );
  const centreX = Math.round((part.minX + part.maxX) / 2);
  const centreY = Math.round((part.minY + part.maxY) / 2);
  const left = clamp(centreX - Math.floor(side / 2), 0, width - side);
  const top = clamp(centreY - Math.floor(side / 2), 0, height - side);
  const crop = new Uint8Array(side * side * channels);
  for (let y = 0; y < side; y += 1) {
    const from = ((y + top) * width + left) * channels;
    crop.set(data.subarray(from, from + side * channels), y * side * channels);
  }
  const closer = await predictAt({ data: crop, width: side, height: side, channels }, predict);
  return { closer, left, top, side };
}

const clamp = (value: number, least: number, most: number) =>
  Math.min(most, Math.max(least, value));

/**
 * The RMS spread (RGB) of the backdrop next to a part of the product (labelled `label`): the
 * pixels outside the product past the model's soft shoulder, within three shoulders of the part.
 */
function backdropSpreadNear(
  { width, height, data, channels }: Raster,
  labels: Int32Array,
  label: number,
  outside: Uint8Array,
): number {
  const count = width * height;
  const part = new Uint8Array(count);
  const product = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    part[i] = labels[i] === label ? 1 : 0;
    product[i] = outside[i] ? 0 : 1;
  }
  const shoulder = shoulderWidth(width, height);
  const nearPart = dilate(part, width, height, 3 * shoulder);
  const withShoulder = dilate(product, width, height, shoulder);
  const sums = [0, 0, 0];
  const squares = [0, 0, 0];
  let seen = 0;
  for (let i = 0; i < count; i += 1) {
    if (!nearPart[i] || withShoulder[i]) continue;
    for (let k = 0; k < 3; k += 1) {
      const value = data[i * channels + k]!;
      sums[k]! += value;
      squares[k]! += value * value;
    }
    seen += 1;
  }
  if (seen === 0) return Infinity;
  let variance = 0;
  for (let k = 0; k < 3; k += 1) variance += squares[k]! / seen - (sums[k]! / seen) ** 2;
  return Math.sqrt(Math.max(0, variance));
}

/** The most spread (RGB) of the backdrop next to a doubted part for a closer look at it. */
const DOUBT_PLAIN = 60;
/** Below this probability (0..255) a pixel of the product's core is one the model doubts. */
const DOUBTFUL_BELOW = 217;
/** The least share of the product's core a doubted part covers for a closer look. */
const DOUBTFUL_SHARE = 0.03;
/** The closer look's crop, as a multiple of the doubted part's longer side. */
const DOUBT_CROP = 2.5;

/** Below this share of the frame, a part found on a busy photo may be a product's accessory. */
const SMALL_PRODUCT = 0.05;

/** The margin, as a share of each side, round the photo for the wider look. */
const MARGIN = 0.25;

function coreArea(alpha: Uint8Array): number {
  let area = 0;
  for (let i = 0; i < alpha.length; i += 1) if (alpha[i]! >= CORE) area += 1;
  return area;
}

/** Whether `outer` covers most (>= 80 %) of the core of `inner`. */
function holds(outer: Uint8Array, inner: Uint8Array): boolean {
  let both = 0;
  let area = 0;
  for (let i = 0; i < inner.length; i += 1) {
    if (inner[i]! < CORE) continue;
    area += 1;
    if (outer[i]! >= CORE) both += 1;
  }
  return area > 0 && both >= area * 0.8;
}

/**
 * Whether the photo around the part is busy (a desk with things on it) rather than a backdrop:
 * the mean luminance step between neighbouring pixels outside the part, at a 256 px scale.
 */
function isBusy(raster: Raster, parts: Uint8Array): boolean {
  return backgroundActivity(raster, parts) >= BUSY;
}

/** Mean luminance step (0..255) at which a background counts as busy. */
const BUSY = 6;

export function backgroundActivity(raster: Raster, parts: Uint8Array): number {
  const { width, height, data, channels } = raster;
  const step = Math.max(1, Math.round(Math.max(width, height) / 256));
  const near = dilate(
    parts.map((value) => (value >= 16 ? 1 : 0)),
    width,
    height,
    Math.max(2, step * 2),
  );
  const lum = (x: number, y: number) => {
    const p = (y * width + x) * channels;
    return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  };
  let sum = 0;
  let count = 0;
  for (let y = 0; y + step < height; y += step) {
    for (let x = 0; x + step < width; x += step) {
      if (near[y * width + x] || near[y * width + x + step] || near[(y + step) * width + x])
        continue;
      const here = lum(x, y);
      sum += Math.abs(lum(x + step, y) - here) + Math.abs(lum(x, y + step) - here);
      count += 2;
    }
  }
  return count ? sum / count : 0;
}

/**
 * The model's probability for the photo seen with a margin of its own edge pixels repeated round
 * it, cropped back to the photo.
 */
async function lookWider(raster: Raster, predict: Predict): Promise<Uint8Array> {
  const { width, height, channels, data } = raster;
  const padX = Math.round(width * MARGIN);
  const padY = Math.round(height * MARGIN);
  const outerWidth = width + 2 * padX;
  const outerHeight = height + 2 * padY;
  const padded = new Uint8Array(outerWidth * outerHeight * channels);
  for (let y = 0; y < outerHeight; y += 1) {
    const sy = Math.min(height - 1, Math.max(0, y - padY));
    for (let x = 0; x < outerWidth; x += 1) {
      const sx = Math.min(width - 1, Math.max(0, x - padX));
      const from = (sy * width + sx) * channels;
      padded.set(data.subarray(from, from + channels), (y * outerWidth + x) * channels);
    }
  }
  const outer = await predictAt(
    { data: padded, width: outerWidth, height: outerHeight, channels },
    predict,
  );
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const from = (y + padY) * outerWidth + padX;
    out.set(outer.subarray(from, from + width), y * width);
  }
  return out;
}

async function predictAt(raster: Raster, predict: Predict): Promise<Uint8Array> {
  const probability = await predict(raster);
  return (await probabilityToRaster(probability, raster.width, raster.height)).data;
}

/** Least share of the frame a part must cover to be taken for the product. */
const PRODUCT_AREA = 0.02;

/** Mean probability of a part the model is sure of; furniture of a scene reads lower. */
const SURE = 0.85;

/** Mean probability (0..1) over the core pixels of a mask. */
function coreCertainty(alpha: Uint8Array): number {
  let sum = 0;
  let area = 0;
  for (let i = 0; i < alpha.length; i += 1) {
    if (alpha[i]! < CORE) continue;
    sum += alpha[i]!;
    area += 1;
  }
  return area ? sum / area / 255 : 0;
}

function isProductSized(alpha: Uint8Array, level = CORE): boolean {
  let area = 0;
  for (let i = 0; i < alpha.length; i += 1) if (alpha[i]! >= level) area += 1;
  return area >= alpha.length * PRODUCT_AREA;
}

/**
 * Probability (0..255) the model gives the products it is sure of; furniture joined to a product
 * reads lower (0.8-0.95), a product's soft edge and doubtful inner patches are taken back by the
 * rim and the filling of enclosed parts.
 */
const SURE_LEVEL = 253;

/** How many times the product's area a scene covers for its sure part to be taken at once. */
const DWARFING_SCENE = 4;

/** How far (share of the frame's side) past the sure core a product's own doubtful parts reach. */
const OWN_REACH = 0.05;

/**
 * Whether the chosen part reaches far past the parts the model is sure of: a quarter or more of
 * it lies further than OWN_REACH from them. A product's doubtful parts (a drive's dark base, a
 * lace) lie close to its sure core; furniture joined to it (a sofa's seat under bottles) runs
 * on. Only for a part clear of the frame's edges whose sure parts are product-sized themselves.
 */
function reachesFarPastItsSureCore(
  probability: Uint8Array,
  parts: Uint8Array,
  width: number,
  height: number,
): boolean {
  // A product running off its photo (a cable's blurred far end) is doubtful where it leaves.
  if (borderShare(parts, width, height) > 0) return false;
  const sure = keepTheProduct(probability, width, height, { level: SURE_LEVEL });
  if (!isProductSized(sure, SURE_LEVEL)) return false;
  const sureCore = new Uint8Array(width * height);
  let sureArea = 0;
  let sureCoreArea = 0;
  for (let i = 0; i < sureCore.length; i += 1) {
    if (sure[i]! < SURE_LEVEL) continue;
    sureArea += 1;
    if (parts[i]! < CORE) continue;
    sureCore[i] = 1;
    sureCoreArea += 1;
  }
  // The sure part must be the chosen part's own core: when it lies mostly elsewhere (another,
  // surer object in the photo), cutting the chosen part down to it would take that object instead.
  if (sureCoreArea * 2 < sureArea) return false;
  const near = dilate(sureCore, width, height, Math.round(Math.max(width, height) * OWN_REACH));
  let area = 0;
  let far = 0;
  for (let i = 0; i < parts.length; i += 1) {
    if (parts[i]! < CORE) continue;
    area += 1;
    if (!near[i]) far += 1;
  }
  return far >= area * 0.25;
}

/**
 * The shares of the frame the centre crops keep when the first look found a whole scene, tried in
 * turn: a product a fifth of the photo's side on an armchair still has the chair round it at 70 %,
 * the tighter crop sees the product clear of it.
 */
const ZOOMS = [0.7, 0.45];

/**
 * A mask that runs off the frame and covers much of it is a scene (the armchair a mug stands on,
 * the sofa behind it), not a product: a product does not run off its own photo.
 */
function isScene(alpha: Uint8Array, width: number, height: number): boolean {
  let area = 0;
  for (let i = 0; i < alpha.length; i += 1) if (alpha[i]! >= CORE) area += 1;
  return area >= alpha.length * 0.08 && borderShare(alpha, width, height) >= 0.005;
}

/**
 * Looks again at the centre of the photo, where people place what they photograph: without the
 * scene's full extent, the model sees the product standing out from the furniture. The new
 * probability (zero outside the crop) is used only when its object sits clear of the crop's
 * edges; else null.
 */
async function zoomOnCentre(
  raster: Raster,
  predict: Predict,
  share: number,
): Promise<Uint8Array | null> {
  const { width, height, channels } = raster;
  const cropWidth = Math.round(width * share);
  const cropHeight = Math.round(height * share);
  const left = Math.round((width - cropWidth) / 2);
  const top = Math.round((height - cropHeight) / 2);
  const crop = new Uint8Array(cropWidth * cropHeight * channels);
  for (let y = 0; y < cropHeight; y += 1) {
    const from = ((y + top) * width + left) * channels;
    crop.set(raster.data.subarray(from, from + cropWidth * channels), y * cropWidth * channels);
  }
  const cropRaster: Raster = { data: crop, width: cropWidth, height: cropHeight, channels };
  const probability = await predictAt(cropRaster, predict);
  const parts = keepTheProduct(probability, cropWidth, cropHeight);
  if (!isProductSized(parts) || borderShare(parts, cropWidth, cropHeight) > 0.01) return null;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < cropHeight; y += 1) {
    out.set(probability.subarray(y * cropWidth, (y + 1) * cropWidth), (y + top) * width + left);
  }
  return out;
}

/** Share of the frame's border pixels the mask covers. */
function borderShare(mask: Uint8Array, width: number, height: number): number {
  let hits = 0;
  for (let x = 0; x < width; x += 1) {
    if (mask[x]! >= CORE) hits += 1;
    if (mask[(height - 1) * width + x]! >= CORE) hits += 1;
  }
  for (let y = 0; y < height; y += 1) {
    if (mask[y * width]! >= CORE) hits += 1;
    if (mask[y * width + width - 1]! >= CORE) hits += 1;
  }
  return hits / (2 * (width + height));
}

/**
 * The steps after the model, apart so measures can feed a stored probability: `parts` is
 * `keepTheProduct` of it when already computed.
 */
export function refineModelAlpha(
  raster: Raster,
  probability: Uint8Array,
  parts?: Uint8Array,
): Uint8Array {
  const { width, height } = raster;
  const alpha = parts ?? keepTheProduct(probability, width, height);
  keepThinParts(alpha, probability, width, height);
  keepLowContrastRim(raster, alpha, probability);
  closeNotches(alpha, probability, width, height);
  fillEnclosedParts(raster, alpha, probability);
  takeFlatProductOnPlainSurround(raster, alpha);
  solidifyInside(alpha, width, height);
  refineEdge(raster, alpha, probability);
  decontaminate(raster, alpha);
  dropSpecks(alpha, width, height);
  return alpha;
}

/** Colour distance (summed over the channels) within which a pixel is of the photo's surround. */
const SURROUND_TOLERANCE = 60;
/** Least share of the photo's border of the surround's colour for the surround to be plain. */
const PLAIN_SURROUND = 0.9;
/** Least share of the model's core the outline holds. */
const OUTLINE_HOLDS = 0.95;
/** The model's core covers under this share of the outline for the outline to be taken. */
const OUTLINE_GAIN = 0.8;
/** Least share of its box a flat product's outline fills (a box, a book, a card seen square on). */
const FLAT_FILL = 0.85;
/** Least median colour distance from the surround along the outline: a cut edge, not a shadow. */
const OUTLINE_CONTRAST = 150;
/** Least luminance levels by which the outline's added part is lighter than the surround. */
const ADDED_LIGHTER = 40;

/**
 * A flat printed product (a box, a book, a card) photographed on a darker plain surround: the
 * model takes its printed picture and lettering and leaves out the light card they are printed
 * on, so the product came in pieces. The card is what the surround's colour does not reach from
 * the photo's border. That outline is taken whole when it holds the model's product, is much
 * larger than it, fills most of its box, meets the surround at a clear edge (a backdrop's
 * gradient fades into it instead) and what it adds is lighter than the surround (a shadow is
 * darker). A product the model already has whole gains too little.
 */
function takeFlatProductOnPlainSurround(raster: Raster, alpha: Uint8Array): void {
  const { width, height, data, channels } = raster;
  const border: number[] = [];
  for (let x = 0; x < width; x += 1) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y += 1) border.push(y * width, y * width + width - 1);
  const surround = estimateBorderColor(data, width, height, channels);
  const distance = (i: number) =>
    Math.abs(data[i * channels]! - surround[0]!) +
    Math.abs(data[i * channels + 1]! - surround[1]!) +
    Math.abs(data[i * channels + 2]! - surround[2]!);
  const plain = border.filter((i) => distance(i) <= SURROUND_TOLERANCE).length;
  if (plain < border.length * PLAIN_SURROUND) return;
  // A card adds over a quarter of the model's core (it has under 80% of the card), and over half
  // of what it adds is lighter than the surround (the median is): without that many light pixels
  // left out, no card is there. One pass, before the costlier outline: most photos stop here.
  const surroundLight = luminanceAt(surround, 0);
  const core = new Uint8Array(width * height);
  let coreArea = 0;
  let lightOutside = 0;
  for (let i = 0; i < alpha.length; i += 1) {
    if (alpha[i]! >= CORE) {
      core[i] = 1;
      coreArea += 1;
    } else if (luminanceAt(data, i * channels) >= surroundLight + ADDED_LIGHTER) lightOutside += 1;
  }
  if (lightOutside < coreArea * ((1 / OUTLINE_GAIN - 1) / 2)) return;
  const ofSurround = new Uint8Array(width * height);
  for (let i = 0; i < ofSurround.length; i += 1) {
    ofSurround[i] = distance(i) <= SURROUND_TOLERANCE ? 1 : 0;
  }
  const surroundParts = labelComponents(ofSurround, width, height);
  const unreached = new Uint8Array(width * height);
  for (let i = 0; i < unreached.length; i += 1) {
    const label = surroundParts.labels[i]!;
    unreached[i] = label && surroundParts.components[label - 1]!.touchesBorder ? 0 : 1;
  }
  const outlines = labelComponents(unreached, width, height, core);
  const card = outlines.components.reduce<Component | undefined>(
    (best, part) => (!best || part.mass > best.mass ? part : best),
    undefined,
  );
  if (!card || card.touchesBorder || card.mass < coreArea * OUTLINE_HOLDS) return;
  if (coreArea >= card.area * OUTLINE_GAIN) return;
  const boxArea = (card.maxX - card.minX + 1) * (card.maxY - card.minY + 1);
  if (card.area < boxArea * FLAT_FILL) return;
  const isCard = (i: number) => outlines.labels[i] === card.label;
  // The colour distance along its edge, and the light of what it adds to the model's core.
  const edge: number[] = [];
  const added: number[] = [];
  for (let y = card.minY; y <= card.maxY; y += 1) {
    for (let x = card.minX; x <= card.maxX; x += 1) {
      const i = y * width + x;
      if (!isCard(i)) continue;
      if (!core[i]) added.push(luminanceAt(data, i * channels));
      const besideSurround =
        (y > 0 && !unreached[i - width]) ||
        (y < height - 1 && !unreached[i + width]) ||
        (x > 0 && !unreached[i - 1]) ||
        (x < width - 1 && !unreached[i + 1]);
      if (besideSurround) edge.push(distance(i));
    }
  }
  if (edge.length === 0 || atMedian(edge) < OUTLINE_CONTRAST) return;
  // What the outline adds is lighter than the surround (a card on a dark table): a darkening of
  // it, however crisp, is a shadow.
  if (atMedian(added) < surroundLight + ADDED_LIGHTER) return;
  for (let i = 0; i < alpha.length; i += 1) if (isCard(i)) alpha[i] = 255;
}

function atMedian(values: number[]): number {
  return values.sort((a, b) => a - b)[values.length >> 1]!;
}

/** Share of the product's area under which a piece apart from it is a speck. */
const SPECK_PIECE = 0.001;

/**
 * Pieces of the alpha apart from the product and far smaller than it: bits of the photo's floor
 * that the model and the edge's filter half kept (a dark line and dots under a sneaker's sole),
 * which float under the product in the ad. The edge's soft alpha joins a product's thin parts to
 * it (a piece joined only at a pixel's corner would go).
 */
function dropSpecks(alpha: Uint8Array, width: number, height: number): void {
  const seen = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i += 1) seen[i] = alpha[i]! > 0 ? 1 : 0;
  const { labels, components } = labelComponents(seen, width, height);
  if (components.length < 2) return;
  const largest = largestComponent(components)!;
  const speck = new Uint8Array(components.length + 1);
  for (const part of components) speck[part.label] = part.area < largest.area * SPECK_PIECE ? 1 : 0;
  for (let i = 0; i < alpha.length; i += 1) if (speck[labels[i]!]) alpha[i] = 0;
}

/**
 * The part (or parts) of the probability map that are the product: the model marks everything
 * salient, and on a busy photo that includes a chair or a plant beside the product. The main part
 * has the most probability mass, discounted by its distance from the centre; other parts stay only
 * when they touch it closely (a handle, a cap) or are nearly as strong (the second shoe of a pair).
 * With `clearOfBorder`, parts that run off the frame (a scene's furniture) are not candidates.
 * `level` is the probability a part's core pixels reach (the half-way line unless told).
 */
export function keepTheProduct(
  probability: Uint8Array,
  width: number,
  height: number,
  { clearOfBorder = false, level = CORE } = {},
): Uint8Array {
  const core = new Uint8Array(width * height);
  for (let i = 0; i < core.length; i += 1) core[i] = probability[i]! >= level ? 1 : 0;
  const { labels, components: all } = labelComponents(core, width, height, probability);
  const components = clearOfBorder ? all.filter((part) => !part.touchesBorder) : all;
  const alpha = new Uint8Array(width * height);
  if (components.length === 0) return alpha;
  const kept = chooseProductParts(components, width, height);
  const isKept = new Uint8Array(all.length + 1);
  for (const label of kept) isKept[label] = 1;
  // Nothing is kept past the kept parts' box grown by the rim: only that box is worked.
  const rimWidth = shoulderWidth(width, height);
  const keptParts = components.filter((part) => isKept[part.label]);
  const keptBox = boxOfParts(keptParts, rimWidth, width, height);
  const keptCore = new Uint8Array(width * height);
  for (let y = keptBox.y; y < keptBox.y + keptBox.height; y += 1) {
    for (let i = y * width + keptBox.x, end = i + keptBox.width; i < end; i += 1) {
      keptCore[i] = isKept[labels[i]!]!;
    }
  }
  // The soft rim around the kept parts belongs to them; soft values elsewhere are other things.
  const rim = dilate(keptCore, width, height, rimWidth);
  for (let y = keptBox.y; y < keptBox.y + keptBox.height; y += 1) {
    for (let i = y * width + keptBox.x, end = i + keptBox.width; i < end; i += 1) {
      alpha[i] = keptCore[i] ? probability[i]! : rim[i] && !core[i] ? probability[i]! : 0;
    }
  }
  return alpha;
}

/** Probability mass, discounted by the distance from the centre. */
export function centredMass(part: Component, width: number, height: number): number {
  const cx = part.sumX / part.area / width - 0.5;
  const cy = part.sumY / part.area / height - 0.5;
  return part.mass * (1.2 - Math.min(1, Math.hypot(cx, cy) * 1.4));
}

/**
 * The labels of the parts that make the product: the best-scoring part, the parts touching it
 * closely (a handle, a cap) and parts nearly as strong close by (the second shoe of a pair).
 */
export function chooseProductParts(
  components: Component[],
  width: number,
  height: number,
  score: (part: Component) => number = (part) => centredMass(part, width, height),
): Set<number> {
  const diagonal = Math.hypot(width, height);
  const scores = components.map(score);
  const best = scores.reduce((top, score, index) => (score > scores[top]! ? index : top), 0);
  const main = components[best]!;
  const kept = new Set([main.label]);
  for (const [index, part] of components.entries()) {
    if (index === best) continue;
    const gap = Math.hypot(
      Math.max(0, part.minX - main.maxX, main.minX - part.maxX),
      Math.max(0, part.minY - main.maxY, main.minY - part.maxY),
    );
    const isAttached = gap <= diagonal * 0.03 && part.area >= main.area * 0.002;
    const isTwin = scores[index]! >= scores[best]! * 0.6 && gap <= diagonal * 0.12;
    if (isAttached || isTwin) kept.add(part.label);
  }
  return kept;
}

/** How far the model's soft shoulder reaches out of the product's outline (7 px at 1024). */
function shoulderWidth(width: number, height: number): number {
  return Math.max(3, Math.round(Math.max(width, height) / 150));
}

/** Probability (0..255) from which a thin part standing out of the product is followed. */
const FAINT = 48;

/**
 * Thin parts standing out of the product that the model sees, but faintly (an apple's stalk, a
 * lever): it reads them at a third of its certainty, under the half-way line. Faint regions
 * attached to the product are kept when they reach well out of it (>= 3 % of the photo's side)
 * and are narrow for their length (a stalk); the model's soft shoulder round the outline reaches
 * out only a few pixels, a cast shadow or a blob of background is wide.
 */
function keepThinParts(
  alpha: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
): void {
  const count = width * height;
  const core = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) core[i] = alpha[i]! >= CORE ? 1 : 0;
  const shoulder = shoulderWidth(width, height);
  const nearCore = dilate(core, width, height, shoulder);
  const faint = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    faint[i] = !nearCore[i] && probability[i]! >= FAINT ? 1 : 0;
  }
  const { labels, components } = labelComponents(faint, width, height, probability);
  if (components.length === 0) return;
  const touching = dilate(nearCore, width, height, 1);
  const attached = new Uint8Array(components.length + 1);
  let anyAttached = false;
  for (let i = 0; i < count; i += 1) {
    if (labels[i] && touching[i]) {
      attached[labels[i]!] = 1;
      anyAttached = true;
    }
  }
  if (!anyAttached) return;
  const distance = distanceFrom(core, width, height);
  const reach = new Float32Array(components.length + 1);
  for (let i = 0; i < count; i += 1) {
    const label = labels[i]!;
    if (label && attached[label]) reach[label] = Math.max(reach[label]!, distance[i]!);
  }
  const keep = new Uint8Array(components.length + 1);
  const least = Math.max(width, height) * 0.03;
  for (const part of components) {
    const length = reach[part.label]!;
    if (!attached[part.label] || length < least) continue;
    // Mean width of the part along its length, against the length past the shoulder.
    if (part.area / Math.max(1, length - shoulder) <= (length - shoulder) / 2.5) {
      keep[part.label] = 1;
    }
  }
  const thin = new Uint8Array(count);
  let any = false;
  for (let i = 0; i < count; i += 1) {
    if (keep[labels[i]!]) {
      thin[i] = 1;
      any = true;
    }
  }
  if (!any) return;
  // The part's root, in the shoulder between it and the product, goes with it.
  const root = dilate(thin, width, height, shoulder + 1);
  for (let i = 0; i < count; i += 1) {
    if (thin[i] || (root[i] && nearCore[i] && probability[i]! >= FAINT)) alpha[i] = 255;
  }
}

/**
 * Chamfer distance (in pixels, steps of 1 and 1.4) of every pixel to the nearest set pixel of
 * `mask`. Not raster.ts's chamferDistance (3-4 steps): the thin-part rule's limits were measured
 * with these steps.
 */
function distanceFrom(mask: Uint8Array, width: number, height: number): Float32Array {
  const far = width + height;
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i += 1) d[i] = mask[i] ? 0 : far;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      let v = d[i]!;
      if (x > 0) v = Math.min(v, d[i - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[i - width]! + 1);
        if (x > 0) v = Math.min(v, d[i - width - 1]! + 1.4);
        if (x < width - 1) v = Math.min(v, d[i - width + 1]! + 1.4);
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const i = y * width + x;
      let v = d[i]!;
      if (x < width - 1) v = Math.min(v, d[i + 1]! + 1);
      if (y < height - 1) {
        v = Math.min(v, d[i + width]! + 1);
        if (x < width - 1) v = Math.min(v, d[i + width + 1]! + 1.4);
        if (x > 0) v = Math.min(v, d[i + width - 1]! + 1.4);
      }
      d[i] = v;
    }
  }
  return d;
}

/**
 * Regions enclosed by the product that the model left out. A light logo on a mug or a label is
 * part of the product; the hole of a mug's handle or a chair's hand hole shows the backdrop. A
 * hole stays open when the model is certain of it, or when it shows the backdrop (see
 * `findSeeThrough`); the rest is filled.
 */
function fillEnclosedParts(raster: Raster, alpha: Uint8Array, probability: Uint8Array): void {
  const { labels, components, product, productArea } = outlineOf(alpha, probability, raster);
  const holes = components.filter((part) => !part.touchesBorder);
  const seeThrough = findSeeThrough(raster, alpha, probability, product, productArea);
  const openShare = new Float64Array(components.length + 1);
  for (let i = 0; i < labels.length; i += 1) if (seeThrough[i]) openShare[labels[i]!]! += 1;
  const fill = new Uint8Array(components.length + 1);
  for (const hole of holes) {
    const doubt = hole.mass / hole.area / 255;
    const isSpeck = hole.area < productArea * SPECK;
    const showsBackdrop = openShare[hole.label]! >= hole.area * 0.5;
    fill[hole.label] = isSpeck || !(doubt < SURE_HOLE || showsBackdrop) ? 1 : 0;
  }
  for (let i = 0; i < labels.length; i += 1) {
    if (fill[labels[i]!]) alpha[i] = 255;
    else if (seeThrough[i]) alpha[i] = 0;
  }
}

/**
 * The product's outline filled: every pixel not joined to the frame's border through what the
 * alpha leaves out. `labels` and `components` are the parts of what it leaves out.
 */
function outlineOf(alpha: Uint8Array, probability: Uint8Array, { width, height }: Raster) {
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < outside.length; i += 1) outside[i] = alpha[i]! < CORE ? 1 : 0;
  const { labels, components } = labelComponents(outside, width, height, probability);
  const isBackground = new Uint8Array(components.length + 1);
  for (const part of components) if (part.touchesBorder) isBackground[part.label] = 1;
  const product = new Uint8Array(width * height);
  let productArea = 0;
  for (let i = 0; i < product.length; i += 1) {
    product[i] = isBackground[labels[i]!] ? 0 : 1;
    productArea += product[i]!;
  }
  return { labels, components, product, productArea };
}

/**
 * Regions of the cut-out that show a coloured backdrop's very colour, enclosed by the product,
 * which the model kept, looked at again closer: a stool's hand hole on blue paper, small in the
 * photo, the model reads as product (probability 1), and seen at about three times the size it
 * doubts it (0.7-0.95), while a print of the backdrop's colour on the product it still reads as
 * product (0.996-1). The regions it doubts, or null when there are none. One more run of the
 * model per region, only when such a region exists.
 */
async function doubtedOnACloserLook(
  photo: Raster,
  alpha: Uint8Array,
  probability: Uint8Array,
  predict: Predict,
): Promise<Uint8Array | null> {
  const { width, height } = photo;
  const { labels, components, hueShare } = backdropHuedRegions(photo, alpha, probability);
  if (components.length === 0) return null;
  const doubted = new Uint8Array(width * height);
  let any = false;
  const largest = [...components].sort((a, b) => b.area - a.area).slice(0, CLOSER_LOOKS);
  for (const region of largest) {
    const { closer, left, top, side } = await lookAt(photo, region, CLOSER_CROP, predict);
    // The crop is square: on a wide photo it may hold only part of a long region.
    let sum = 0;
    let read = 0;
    for (let y = Math.max(region.minY, top); y <= Math.min(region.maxY, top + side - 1); y += 1) {
      for (
        let x = Math.max(region.minX, left);
        x <= Math.min(region.maxX, left + side - 1);
        x += 1
      ) {
        if (labels[y * width + x] !== region.label) continue;
        sum += closer[(y - top) * side + x - left]!;
        read += 1;
      }
    }
    if (read * 2 < region.area || sum / read / 255 >= CLOSER_HOLE_DOUBT) continue;
    any = true;
    for (let y = region.minY; y <= region.maxY; y += 1) {
      for (let x = region.minX; x <= region.maxX; x += 1) {
        if (labels[y * width + x] === region.label) doubted[y * width + x] = 1;
      }
    }
  }
  if (!any) return null;
  // The hole's rim of the backdrop's hue, lighter or paler (its far wall in the light, lit by the
  // backdrop), goes with it.
  const rim = dilate(doubted, width, height, Math.max(4, Math.round(width / 100)));
  for (let i = 0; i < rim.length; i += 1) {
    if (rim[i] && hueShare(i) >= HUED_RIM) doubted[i] = 1;
  }
  return doubted;
}

/**
 * Regions inside the product's outline, clear of its outer edge, of a coloured backdrop's hue and
 * round which the product is not, that the model keeps, and about as light as the backdrop or in
 * the product's shade: what may be the backdrop seen through a hole. Only on a plain coloured
 * backdrop (white, grey and black ones hold a product's prints: see LIGHT_HOLE_DOUBT).
 */
function backdropHuedRegions(
  photo: Raster,
  alpha: Uint8Array,
  probability: Uint8Array,
): { labels: Int32Array; components: Component[]; hueShare: (i: number) => number } {
  const { width, height, data, channels } = photo;
  const none = { labels: new Int32Array(0), components: [], hueShare: () => 0 };
  const { product, productArea } = outlineOf(alpha, probability, photo);
  const reach = Math.max(4, Math.round(width / 100));
  const ring = backdropRound(photo, product, reach);
  // Colour says nothing on a busy backdrop (a room behind a plant).
  if (!ring || ring.spread > PLAIN_ENOUGH) return none;
  const backdrop = ring.colour;
  if (Math.max(...backdrop) - Math.min(...backdrop) < TINT_CHROMA) return none;
  const backdropLight = 0.299 * backdrop[0]! + 0.587 * backdrop[1]! + 0.114 * backdrop[2]!;
  // A colour's hue as its channels less their mean: what is left when light is taken out.
  const hueOf = (r: number, g: number, b: number) => {
    const mean = (r + g + b) / 3;
    return [r - mean, g - mean, b - mean] as const;
  };
  const backdropHue = hueOf(backdrop[0]!, backdrop[1]!, backdrop[2]!);
  const backdropChroma = Math.hypot(...backdropHue);
  // How much of the backdrop's hue a pixel holds (its chroma along that hue, 1 = as much).
  const hueShare = (i: number) => {
    const hue = hueOf(data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!);
    const along = hue[0] * backdropHue[0] + hue[1] * backdropHue[1] + hue[2] * backdropHue[2];
    const chroma = Math.hypot(...hue);
    if (chroma === 0 || along < chroma * backdropChroma * SAME_HUE) return 0;
    return along / backdropChroma ** 2;
  };
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < outside.length; i += 1) outside[i] = product[i] ? 0 : 1;
  const edge = dilate(outside, width, height, reach);
  const matches = new Uint8Array(width * height);
  for (let i = 0; i < matches.length; i += 1) {
    if (edge[i] || alpha[i]! < CORE) continue;
    matches[i] = hueShare(i) >= HUED ? 1 : 0;
  }
  const { labels, components } = labelComponents(matches, width, height, probability);
  const candidates = components.filter(
    (part) => part.area >= productArea * SPECK && part.mass / part.area / 255 >= HOLE_DOUBT,
  );
  if (candidates.length === 0) return none;
  // Seen through a hole, the backdrop is about as light as round the product, or in its shade;
  // a highlight of the backdrop's hue on the product (an apple's, on yellow cloth) is lighter.
  const light = new Float64Array(components.length + 1);
  for (let i = 0; i < labels.length; i += 1) {
    if (labels[i]) light[labels[i]!]! += luminanceAt(data, i * channels);
  }
  // The product round each region: its pixels two steps from it, not of the hue.
  const around = new Float64Array((components.length + 1) * 2);
  forEachPixelBeside(candidates, matches, labels, width, height, (i, label) => {
    around[label * 2]! += hueShare(i);
    around[label * 2 + 1]! += 1;
  });
  const regions = candidates.filter((part) => {
    const ring = around[part.label * 2 + 1]!;
    const lightShare = light[part.label]! / part.area / backdropLight;
    return (
      ring > 0 &&
      around[part.label * 2]! / ring < HUED / 2 &&
      lightShare >= HOLE_LIGHT[0] &&
      lightShare <= HOLE_LIGHT[1]
    );
  });
  return { labels, components: regions, hueShare };
}

/**
 * The backdrop's mean colour in a ring `reach` wide round the product's mask, and the RMS
 * distance (RGB) of the ring's pixels from it; null when the mask leaves no ring.
 */
function backdropRound(
  { width, height, data, channels }: Raster,
  product: Uint8Array,
  reach: number,
): { colour: number[]; spread: number } | null {
  const near = dilate(product, width, height, reach);
  const colour = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < product.length; i += 1) {
    if (!near[i] || product[i]) continue;
    for (let k = 0; k < 3; k += 1) colour[k]! += data[i * channels + k]!;
    count += 1;
  }
  if (count === 0) return null;
  for (let k = 0; k < 3; k += 1) colour[k]! /= count;
  let spreadSum = 0;
  for (let i = 0; i < product.length; i += 1) {
    if (!near[i] || product[i]) continue;
    for (let k = 0; k < 3; k += 1) spreadSum += (data[i * channels + k]! - colour[k]!) ** 2;
  }
  return { colour, spread: Math.sqrt(spreadSum / count) };
}

/** The most RMS spread (RGB) of the backdrop round the product for its hue to tell a hole. */
const PLAIN_ENOUGH = 40;
/** The light of a hole's backdrop against the backdrop's round the product: least and most. */
const HOLE_LIGHT = [0.6, 1.25] as const;
/** The least cosine between a pixel's hue and the backdrop's for it to be of that hue. */
const SAME_HUE = 0.9;
/** The least share of the backdrop's chroma a pixel of its hue holds to show the backdrop. */
const HUED = 0.5;
/** The same for the rim round a hole the closer look found. */
const HUED_RIM = 0.2;

/** At most this many regions are looked at again, the largest first. */
const CLOSER_LOOKS = 3;
/** The closer look's crop, as a multiple of the region's longer side (the photo's quarter least). */
const CLOSER_CROP = 4;
/**
 * Mean probability, seen closer, under which a backdrop-coloured region the model kept is a hole:
 * a print of that colour reads 0.996 and more, a hand hole 0.7-0.95.
 */
const CLOSER_HOLE_DOUBT = 0.98;

/** Mean probability of an enclosed region below which the model is sure it is a hole. */
const SURE_HOLE = 0.05;
/** Share of the product's area under which an enclosed region is a speck (filled). */
const SPECK = 0.0005;
/**
 * Mean probability (0..1) below which a backdrop-coloured region inside the product is a hole:
 * the model reads it more likely background than product.
 */
const HOLE_DOUBT = 0.5;
/**
 * The same on a white or light grey backdrop, where a region of its colour is as likely a white
 * logo or label printed on the product (the model reads those as low as a hole, 0.1-0.4): only
 * a region the model rejects clearly opens there, as before.
 */
const LIGHT_HOLE_DOUBT = 0.12;

/** White or light grey: the colour logos and labels are most often printed in. */
function isLightNeutral(colour: readonly number[]): boolean {
  const [r, g, b] = colour as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b >= 190 && Math.max(r, g, b) - Math.min(r, g, b) < 40;
}

/** Least colour distance (RGB) within which a pixel may match the backdrop. */
const LEAST_TOLERANCE = 20;
/** RMS spread of the backdrop's colour (RGB) past which it is not plain: colour cannot tell. */
const PLAIN_BACKDROP = 15;

/**
 * The pixels inside the product's outline that show the backdrop: regions enclosed by the product
 * whose colour matches the backdrop sampled just outside its outer edge (within a tolerance of
 * three times the backdrop's own spread), that the model scores low, and whose surround differs
 * clearly from the backdrop. A logo unlike the backdrop never matches it; on a white product on
 * a white backdrop the surround does not differ, and only the model's certainty opens a hole.
 */
function findSeeThrough(
  raster: Raster,
  alpha: Uint8Array,
  probability: Uint8Array,
  product: Uint8Array,
  productArea: number,
): Uint8Array {
  const { width, height, data, channels } = raster;
  const open = new Uint8Array(width * height);
  // The backdrop's colours: a ring just outside the product, summed in coarse cells so each
  // region compares with the backdrop near it.
  const near = dilate(product, width, height, Math.max(4, Math.round(width / 100)));
  const cell = Math.max(16, Math.round(Math.max(width, height) / 8));
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const ringSums = new Float64Array(columns * rows * 4);
  const cellOf = (i: number) =>
    Math.floor(Math.floor(i / width) / cell) * columns + Math.floor((i % width) / cell);
  for (let i = 0; i < product.length; i += 1) {
    if (!near[i] || product[i]) continue;
    const c = cellOf(i) * 4;
    for (let k = 0; k < 3; k += 1) ringSums[c + k]! += data[i * channels + k]!;
    ringSums[c + 3]! += 1;
  }
  const backdrop: (number[] | null)[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      const box = { minX: c * cell, maxX: c * cell, minY: r * cell, maxY: r * cell };
      backdrop.push(ringColourAround(ringSums, columns, rows, cell, box));
    }
  }
  const distance = (i: number, colour: readonly number[]) =>
    Math.hypot(
      data[i * channels]! - colour[0]!,
      data[i * channels + 1]! - colour[1]!,
      data[i * channels + 2]! - colour[2]!,
    );
  let spreadSum = 0;
  let ringCount = 0;
  for (let i = 0; i < product.length; i += 1) {
    if (!near[i] || product[i]) continue;
    const colour = backdrop[cellOf(i)];
    if (!colour) continue;
    spreadSum += distance(i, colour) ** 2;
    ringCount += 1;
  }
  if (ringCount === 0) return open;
  const spread = Math.sqrt(spreadSum / ringCount);
  if (spread > PLAIN_BACKDROP) return open;
  const tolerance = Math.max(LEAST_TOLERANCE, 3 * spread);
  const matches = new Uint8Array(width * height);
  for (let i = 0; i < matches.length; i += 1) {
    if (!product[i]) continue;
    const colour = backdrop[cellOf(i)];
    matches[i] = colour && distance(i, colour) < tolerance ? 1 : 0;
  }
  const { labels, components } = labelComponents(matches, width, height, probability);
  if (components.length === 0) return open;
  // Regions reaching the outer edge are the product's rim on the backdrop, left to decontaminate.
  const reachesEdge = new Uint8Array(components.length + 1);
  // The colour of the product round each region: its sure pixels two steps from it.
  const surround = new Float64Array((components.length + 1) * 4);
  forEachPixelBeside(components, matches, labels, width, height, (i, label) => {
    if (!product[i]) reachesEdge[label] = 1;
    else if (alpha[i]! >= CORE) {
      for (let k = 0; k < 3; k += 1) surround[label * 4 + k]! += data[i * channels + k]!;
      surround[label * 4 + 3]! += 1;
    }
  });
  const opened = new Uint8Array(components.length + 1);
  for (const part of components) {
    const label = part.label;
    const count = surround[label * 4 + 3]!;
    if (reachesEdge[label] || part.area < productArea * SPECK || count === 0) continue;
    const centre = Math.round(part.sumY / part.area) * width + Math.round(part.sumX / part.area);
    const colour = backdrop[cellOf(centre)]!;
    const doubt = isLightNeutral(colour) ? LIGHT_HOLE_DOUBT : HOLE_DOUBT;
    if (part.mass / part.area / 255 >= doubt) continue;
    const around = [0, 1, 2].map((k) => surround[label * 4 + k]! / count);
    const contrast = Math.hypot(
      around[0]! - colour[0]!,
      around[1]! - colour[1]!,
      around[2]! - colour[2]!,
    );
    if (contrast >= Math.max(EDGE_CONTRAST, 2 * tolerance)) opened[label] = 1;
  }
  for (let i = 0; i < labels.length; i += 1) open[i] = opened[labels[i]!]!;
  return open;
}

/**
 * Calls `visit` once for each pixel outside the regions (`matches` 0) that lies one or two steps
 * along an axis from a region's pixel, with the label of the first such region found (nearest
 * first): the ring round each region a surround is measured on.
 */
function forEachPixelBeside(
  regions: readonly Component[],
  matches: Uint8Array,
  labels: Int32Array,
  width: number,
  height: number,
  visit: (i: number, label: number) => void,
) {
  // Only pixels within two steps (NEIGHBOURS' reach) of a region can see one.
  const box = boxOfParts(regions, 2, width, height);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = y * width + x;
      if (matches[i]) continue;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const label = labels[ny * width + nx]!;
        if (!label) continue;
        visit(i, label);
        break;
      }
    }
  }
}

/** Steps to the pixels one and two away along the axes. */
const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [2, 0],
  [-2, 0],
  [0, 2],
  [0, -2],
] as const;

/** Mean ring colour in the cells around a hole, widening until some ring pixels are found. */
function ringColourAround(
  sums: Float64Array,
  columns: number,
  rows: number,
  cell: number,
  hole: Pick<Component, 'minX' | 'maxX' | 'minY' | 'maxY'>,
): number[] | null {
  const c0 = Math.floor(hole.minX / cell);
  const c1 = Math.floor(hole.maxX / cell);
  const r0 = Math.floor(hole.minY / cell);
  const r1 = Math.floor(hole.maxY / cell);
  for (let reach = 1; reach <= Math.max(columns, rows); reach += 1) {
    const total = [0, 0, 0, 0];
    for (let r = Math.max(0, r0 - reach); r <= Math.min(rows - 1, r1 + reach); r += 1) {
      for (let c = Math.max(0, c0 - reach); c <= Math.min(columns - 1, c1 + reach); c += 1) {
        for (let k = 0; k < 4; k += 1) total[k]! += sums[(r * columns + c) * 4 + k]!;
      }
    }
    if (total[3]! > 50) return total.slice(0, 3).map((sum) => sum / total[3]!);
  }
  return null;
}

/** Probability (0..255) down to which the product's rim is followed out of its core. */
const RIM_LEVEL = 96;
/** How far (a share of the photo's longer side) the rim is followed past the core. */
const RIM_REACH = 0.04;
/** Probability under which a pixel past the rim's reach is the backdrop. */
const RIM_BACKDROP = 16;
/** How far (a share of the backdrop's luminance) a followed pixel's light may be from it. */
const RIM_LIGHT_SPREAD = 0.15;
/** Fewest backdrop pixels round the product from which its light is read. */
const RIM_LEAST_RING = 100;

/**
 * Where the product meets a backdrop of its own colour (a white sole's heel on white), the model
 * puts its half-way line inside the product: it reads the low-contrast part at a third to a half
 * of its certainty (the backdrop stays under a quarter). The product is followed out of its core
 * through what the model doubts (RIM_LEVEL up to the half-way line) and is of the backdrop's
 * light, a short way.
 */
function keepLowContrastRim(raster: Raster, alpha: Uint8Array, probability: Uint8Array): void {
  const { width, height, data, channels } = raster;
  const count = width * height;
  const core = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) core[i] = alpha[i]! >= CORE ? 1 : 0;
  const distance = distanceFrom(core, width, height);
  const reach = Math.max(width, height) * RIM_REACH;
  const luminance = (i: number) => luminanceAt(data, i * channels);
  // The backdrop's light: the median of what the model rejects just past that reach.
  const levels = new Uint32Array(256);
  let ringCount = 0;
  for (let i = 0; i < count; i += 1) {
    if (distance[i]! > reach && distance[i]! <= 2 * reach && probability[i]! < RIM_BACKDROP) {
      levels[Math.round(luminance(i))]! += 1;
      ringCount += 1;
    }
  }
  if (ringCount < RIM_LEAST_RING) return;
  let backdrop = 0;
  for (let seen = 0; backdrop < 255; backdrop += 1) {
    seen += levels[backdrop]!;
    if (seen * 2 >= ringCount) break;
  }
  // A pixel followed is of the backdrop's light: that is where the model doubts a product's edge.
  // One much darker is the product's shadow on the backdrop, which the model half reads too.
  const isAlike = (i: number) => Math.abs(luminance(i) - backdrop) <= backdrop * RIM_LIGHT_SPREAD;
  // Breadth-first from the core's outline (typed queue: a product is hundreds of thousands of
  // pixels at 1024).
  const queue = new Int32Array(count);
  let tail = 0;
  for (let i = 0; i < count; i += 1) {
    if (!core[i]) continue;
    const x = i % width;
    const outline =
      (x > 0 && !core[i - 1]) ||
      (x < width - 1 && !core[i + 1]) ||
      (i >= width && !core[i - width]) ||
      (i + width < count && !core[i + width]);
    if (outline) queue[tail++] = i;
  }
  const firstFollowed = tail;
  const reached = core.slice();
  const visit = (j: number) => {
    if (reached[j]) return;
    // Only the model's doubt: a part it is sure of was left out on purpose (furniture).
    const doubt = probability[j]!;
    if (doubt < RIM_LEVEL || doubt >= CORE || distance[j]! > reach || !isAlike(j)) return;
    reached[j] = 1;
    queue[tail++] = j;
  };
  for (let head = 0; head < tail; head += 1) {
    const i = queue[head]!;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i + width < count) visit(i + width);
  }
  // The model's soft shoulder runs all round the outline a few pixels out, over the backdrop:
  // only a part that reaches well past it is the product's, taken with its root in the shoulder.
  const shoulder = shoulderWidth(width, height);
  const past = new Uint8Array(count);
  for (let k = firstFollowed; k < tail; k += 1) {
    const i = queue[k]!;
    if (distance[i]! > shoulder) past[i] = 1;
  }
  const { labels, components } = labelComponents(past, width, height);
  const large = new Uint8Array(components.length + 1);
  let anyLarge = false;
  for (const part of components) {
    if (part.area >= shoulder * shoulder) {
      large[part.label] = 1;
      anyLarge = true;
    }
  }
  if (!anyLarge) return;
  for (let i = 0; i < count; i += 1) past[i] = large[labels[i]!]!;
  const root = dilate(past, width, height, shoulder + 1);
  for (let k = firstFollowed; k < tail; k += 1) {
    const i = queue[k]!;
    if (root[i]) alpha[i] = 255;
  }
}

/**
 * Narrow notches in the outline where the model doubted a light patch of a label against a light
 * background: a morphological closing of the product, kept where the model saw at least a trace.
 */
function closeNotches(
  alpha: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
): void {
  const radius = Math.max(2, Math.round(Math.max(width, height) / 70));
  const insideBox = boundingBoxOf(alpha, width, CORE);
  if (!insideBox) return;
  const inside = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) inside[i] = alpha[i]! >= CORE ? 1 : 0;
  const grown = dilate(inside, width, height, radius);
  const outsideGrown = new Uint8Array(width * height);
  for (let i = 0; i < grown.length; i += 1) outsideGrown[i] = grown[i] ? 0 : 1;
  // Past the grown box all is outside and stays so: the closing is needed within it alone.
  const grownBox = clipBox(padBox(insideBox, radius), width, height);
  const closedOutside = dilateWithin(outsideGrown, width, height, radius, grownBox);
  for (let y = grownBox.y; y < grownBox.y + grownBox.height; y += 1) {
    for (let i = y * width + grownBox.x, end = i + grownBox.width; i < end; i += 1) {
      if (!closedOutside[i] && !inside[i] && probability[i]! >= 64) alpha[i] = 255;
    }
  }
}

/**
 * The width of a cut-out's soft edge: within it of the model's half-way line the alpha follows
 * the photo's own edge (`refineEdge`); past it inside, the product is opaque (`solidifyInside`),
 * past it outside, clear (`refineEdge`).
 */
function edgeBand(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / 256));
}

/**
 * Away from its outline a product is opaque: the model's doubt inside it (a clear bottle before a
 * bright window reads as half there) would let the new scene show through.
 */
function solidifyInside(alpha: Uint8Array, width: number, height: number): void {
  // Past the box of the product's core every pixel is outside itself: nothing there changes.
  const insideBox = boundingBoxOf(alpha, width, CORE);
  if (!insideBox) return;
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) outside[i] = alpha[i]! < CORE ? 1 : 0;
  const nearOutside = dilateWithin(outside, width, height, edgeBand(width, height), insideBox);
  for (let y = insideBox.y; y < insideBox.y + insideBox.height; y += 1) {
    for (let i = y * width + insideBox.x, end = i + insideBox.width; i < end; i += 1) {
      if (!nearOutside[i]) alpha[i] = 255;
    }
  }
}

/**
 * The model's edge is soft and at its own 1024 px scale: within a narrow unknown band around the
 * half-way contour (a trimap: certain inside, certain outside, unknown between), a guided filter
 * pulls the alpha onto the photo's own edges.
 */
function refineEdge(raster: Raster, alpha: Uint8Array, probability: Uint8Array): void {
  const { width, height, data, channels } = raster;
  const band = edgeBand(width, height);
  const insideBox = boundingBoxOf(alpha, width, CORE);
  if (!insideBox) return;
  const inside = new Uint8Array(width * height);
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) {
    inside[i] = alpha[i]! >= CORE ? 1 : 0;
    outside[i] = alpha[i]! < CORE ? 1 : 0;
  }
  const nearInside = dilate(inside, width, height, band);
  // Past the band outside, nothing is product: the model's soft rim reaches further (7 px at
  // 1024, see keepTheProduct) and there it holds the photo's contact shadow or its backdrop,
  // which came along as a translucent grey line under a sneaker's sole.
  for (let i = 0; i < alpha.length; i += 1) if (outside[i] && !nearInside[i]) alpha[i] = 0;
  // The band lies where both are near, so within the box that nearInside covers.
  const nearBox = clipBox(padBox(insideBox, band), width, height);
  const nearOutside = dilateWithin(outside, width, height, band, nearBox);
  const unknown = new Uint8Array(width * height);
  for (let y = nearBox.y; y < nearBox.y + nearBox.height; y += 1) {
    for (let i = y * width + nearBox.x, end = i + nearBox.width; i < end; i += 1) {
      unknown[i] = nearInside[i]! & nearOutside[i]!;
    }
  }
  // The filter's value at a pixel reads the photo within twice its radius: it runs on that much
  // round the band alone, with the same sums there as on the whole photo (added from another
  // corner, so their float rounding may differ in the last bits: the seven fixture product photos
  // give the same bytes).
  const radius = band * 2;
  const crop = cropAround(unknown, width, height, 2 * radius);
  if (!crop) return;
  const count = crop.width * crop.height;
  const guide = new Float32Array(count);
  const input = new Float32Array(count);
  const inBand = new Uint8Array(count);
  for (let y = 0; y < crop.height; y += 1) {
    for (let x = 0; x < crop.width; x += 1) {
      const i = (y + crop.y) * width + x + crop.x;
      const p = i * channels;
      const c = y * crop.width + x;
      guide[c] = (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!) / 255;
      input[c] = alpha[i]! / 255;
      inBand[c] = unknown[i]!;
    }
  }
  const filtered = guidedFilter(guide, input, crop.width, crop.height, radius, 1e-3, inBand);
  for (let y = 0; y < crop.height; y += 1) {
    for (let x = 0; x < crop.width; x += 1) {
      const i = (y + crop.y) * width + x + crop.x;
      if (!unknown[i]) continue;
      const refined = Math.round(Math.min(1, Math.max(0, filtered[y * crop.width + x]!)) * 255);
      // The filter reads a light highlight on a thin dark part (a camera's chrome crank lever) or
      // the light ridges of a knurled knob as backdrop: it never lowers a pixel the model is sure
      // of, so thin parts keep their width and do not break.
      // Only where the product was kept: a sure part dropped earlier (a second object) stays out.
      alpha[i] =
        inside[i] && probability[i]! >= SURE_EDGE ? Math.max(refined, probability[i]!) : refined;
    }
  }
}

/**
 * The box round the set pixels of `mask`, grown by `margin` and clipped to the image; null when
 * none is set. A box mean of radius r over it equals the whole image's at every pixel at least r
 * inside it, and at the image's own edges.
 */
function cropAround(
  mask: Uint8Array,
  width: number,
  height: number,
  margin: number,
): { x: number; y: number; width: number; height: number } | null {
  const box = boundingBoxOf(mask, width);
  if (!box) return null;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return {
    x,
    y,
    width: Math.min(width, box.x + box.width + margin) - x,
    height: Math.min(height, box.y + box.height + margin) - y,
  };
}

/** Probability (0..255) of an edge-band pixel the model is sure is product. */
const SURE_EDGE = 250;

/** Below this alpha a pixel is clear (backdrop), above SOLID_ABOVE solid; between, the edge. */
const CLEAR_BELOW = 13;
const SOLID_ABOVE = 242;

/** Below this colour distance between product and background, colour cannot say which is which. */
const EDGE_CONTRAST = 48;
/**
 * A shoulder pixel whose colour lies this little of the way from the backdrop to the product is
 * backdrop. Only those are cleared: a part whose colour differs from the product's mean nearby
 * (a chrome knob on a black camera) lies further along and keeps the model's alpha.
 */
const BACKDROP_SHARE = 0.2;

/**
 * Edge pixels mix the product with the background behind it. With the background's colour nearby
 * (the mean of clear pixels around) and the alpha, the product's own colour is recovered, so no
 * fringe of the old background travels to the new scene. Outside the half-way contour the
 * model's soft shoulder often lies on pure background (a dark camera on a light grey backdrop):
 * where product and background differ clearly and the pixel's colour is the backdrop's, its alpha
 * is lowered to the share of the product its colour shows, else it would carry a ring of the old
 * backdrop (a light halo).
 */
export function decontaminate(raster: Raster, alpha: Uint8Array): void {
  const { width, height, data, channels } = raster;
  const radius = Math.max(4, Math.round(Math.max(width, height) / 128));
  // Only the edge's pixels change: the means are taken over the box round them (see cropAround).
  const edge = new Uint8Array(width * height);
  const clear = new Uint8Array(width * height);
  for (let i = 0; i < edge.length; i += 1) {
    edge[i] = alpha[i]! >= CLEAR_BELOW && alpha[i]! <= SOLID_ABOVE ? 1 : 0;
    clear[i] = alpha[i]! < CLEAR_BELOW ? 1 : 0;
  }
  // The product's pixels next to the backdrop that may be tinted by it (see tintShare): the soft
  // edge, and the corner between a leg and a rail that the model's rounded outline fills.
  const nearClear = dilate(clear, width, height, TINT_REACH * edgeBand(width, height));
  // Its own colour is read past the edge band, which the backdrop tints.
  const inEdgeBand = dilate(clear, width, height, edgeBand(width, height));
  const mayBeTinted = new Uint8Array(width * height);
  for (let i = 0; i < mayBeTinted.length; i += 1) {
    mayBeTinted[i] = alpha[i]! >= CORE && nearClear[i] ? 1 : 0;
  }
  const worked = new Uint8Array(width * height);
  for (let i = 0; i < worked.length; i += 1) worked[i] = edge[i]! | mayBeTinted[i]!;
  const crop = cropAround(worked, width, height, radius);
  if (!crop) return;
  const { width: cropWidth, height: cropHeight } = crop;
  // Summed-area tables (as integralOf makes them) of the clear pixels, the solid ones and their
  // colours, filled in one pass over the crop: the means are then read at the edge's pixels
  // alone, a few percent of the crop.
  const stride = cropWidth + 1;
  const tables = Array.from({ length: 12 }, () => new Float64Array(stride * (cropHeight + 1)));
  const clearSums = tables[0]!;
  const solidSums = tables[1]!;
  const backgroundSums = tables.slice(2, 5);
  const productSums = tables.slice(5, 8);
  const innerSums = tables[8]!;
  const innerProductSums = tables.slice(9);
  const pixel = new Float64Array(12);
  const rowSums = new Float64Array(12);
  for (let y = 0; y < cropHeight; y += 1) {
    rowSums.fill(0);
    for (let x = 0; x < cropWidth; x += 1) {
      const i = (y + crop.y) * width + x + crop.x;
      const isClear = alpha[i]! < CLEAR_BELOW ? 1 : 0;
      const isSolid = alpha[i]! > SOLID_ABOVE ? 1 : 0;
      const isInner = isSolid && !inEdgeBand[i] ? 1 : 0;
      pixel[0] = isClear;
      pixel[1] = isSolid;
      pixel[8] = isInner;
      for (let k = 0; k < 3; k += 1) {
        pixel[2 + k] = data[i * channels + k]! * isClear;
        pixel[5 + k] = data[i * channels + k]! * isSolid;
        pixel[9 + k] = data[i * channels + k]! * isInner;
      }
      const above = y * stride + x + 1;
      const here = above + stride;
      for (let t = 0; t < 12; t += 1) {
        rowSums[t]! += pixel[t]!;
        tables[t]![here] = tables[t]![above]! + rowSums[t]!;
      }
    }
  }
  const meanAt = (sums: Float64Array, x: number, y: number) =>
    boxMeanAt(sums, cropWidth, cropHeight, radius, x, y);
  const own = [0, 0, 0];
  const background = [0, 0, 0];
  const product = [0, 0, 0];
  /** Reads the pixel and the means round it; its share of the product by colour (1 when none). */
  const measure = (c: number, i: number, a: number): { hasProduct: boolean; share: number } => {
    const x = c % cropWidth;
    const y = (c - x) / cropWidth;
    const clearShare = meanAt(clearSums, x, y);
    const solidShare = meanAt(solidSums, x, y);
    const hasProduct = solidShare > 0;
    for (let k = 0; k < 3; k += 1) {
      own[k] = data[i * channels + k]!;
      background[k] = meanAt(backgroundSums[k]!, x, y) / clearShare;
      product[k] = hasProduct ? meanAt(productSums[k]!, x, y) / solidShare : own[k]!;
    }
    const share = hasProduct && a < 0.5 ? colourShare(own, product, background) : 1;
    return { hasProduct, share };
  };
  const count = cropWidth * cropHeight;
  const cropIndex = (c: number) => {
    const x = c % cropWidth;
    return ((c - x) / cropWidth + crop.y) * width + x + crop.x;
  };
  const seesBackdrop = (c: number) =>
    meanAt(clearSums, c % cropWidth, Math.floor(c / cropWidth)) > 0;
  /**
   * The product's share of a pixel's colour the model and the edge's filter put inside the
   * outline, when that colour is the product's and a coloured backdrop's mixed (a grey stool's leg
   * on blue paper: the photo's soft edge, two or three pixels of blue-grey, and the corner between
   * a leg and a rail, in the leg's shade, showed as blue in the new scene). The pixel is read as
   * a·product + b·backdrop (least squares): a is the product's share, b/(1-a) the backdrop's light
   * there (shaded in a corner, or as lit). 1 when the backdrop is white, grey or black (light on
   * light edges have their own rule), when the two colours are too alike, or when the pixel is no
   * such mix (a highlight, a shadow on the product, a printed edge).
   */
  const tintShare = (c: number, i: number): number => {
    const x = c % cropWidth;
    const y = (c - x) / cropWidth;
    const clearShare = meanAt(clearSums, x, y);
    const innerShare = meanAt(innerSums, x, y);
    if (clearShare <= 0 || innerShare <= 0) return 1;
    let lowest = 255;
    let highest = 0;
    let distanceSquared = 0;
    for (let k = 0; k < 3; k += 1) {
      background[k] = meanAt(backgroundSums[k]!, x, y) / clearShare;
      product[k] = meanAt(innerProductSums[k]!, x, y) / innerShare;
      lowest = Math.min(lowest, background[k]!);
      highest = Math.max(highest, background[k]!);
      distanceSquared += (product[k]! - background[k]!) ** 2;
    }
    if (highest - lowest < TINT_CHROMA || distanceSquared < TINT_CONTRAST ** 2) return 1;
    let pp = 0;
    let pb = 0;
    let bb = 0;
    let po = 0;
    let bo = 0;
    for (let k = 0; k < 3; k += 1) {
      const own = data[i * channels + k]!;
      pp += product[k]! * product[k]!;
      pb += product[k]! * background[k]!;
      bb += background[k]! * background[k]!;
      po += product[k]! * own;
      bo += background[k]! * own;
    }
    const determinant = pp * bb - pb * pb;
    if (determinant <= 0) return 1;
    const a = (po * bb - bo * pb) / determinant;
    const b = (bo * pp - po * pb) / determinant;
    if (a >= TINT_SHARE) return 1;
    const light = b / (1 - Math.max(0, a));
    if (light < TINT_LEAST_LIGHT || light > TINT_MOST_LIGHT) return 1;
    let offSquared = 0;
    for (let k = 0; k < 3; k += 1) {
      offSquared += (data[i * channels + k]! - a * product[k]! - b * background[k]!) ** 2;
    }
    if (offSquared > TINT_OFF ** 2) return 1;
    // A JPEG keeps colour at half the resolution of light: the backdrop's colour bleeds a pixel
    // or two into a product of another lightness, whose light says it is whole there. Where the
    // two lights differ, the share the light shows is the least kept.
    const productLight = luminanceAt(product, 0);
    const backdropLight = luminanceAt(background, 0);
    if (Math.abs(productLight - backdropLight) < TINT_LIGHT_STEP) return Math.max(0, a);
    const lightShare =
      (luminanceAt(data, i * channels) - backdropLight) / (productLight - backdropLight);
    const share = Math.max(a, lightShare);
    return share >= TINT_SHARE ? 1 : Math.max(0, share);
  };
  const tint = new Float32Array(count).fill(1);
  // A shoulder pixel of the backdrop's colour is cleared only when it joins the backdrop through
  // others like it: one inside the edge, with more of the product on its outer side (a drive
  // rail's light face between its dark rim lines), is product, and cleared it let the new scene
  // through the rail in a jagged line.
  const shoulder = new Uint8Array(count);
  const shoulderOrClear = new Uint8Array(count);
  for (let c = 0; c < count; c += 1) {
    const i = cropIndex(c);
    if (alpha[i]! < CLEAR_BELOW) {
      shoulderOrClear[c] = 1;
    } else if (mayBeTinted[i]) {
      tint[c] = tintShare(c, i);
      if (tint[c]! < TINT_SHARE) {
        shoulder[c] = 1;
        shoulderOrClear[c] = 1;
      }
    } else if (
      // Past the half-way line the colour's share is not read (see measure).
      edge[i] &&
      alpha[i]! < CORE &&
      seesBackdrop(c) &&
      measure(c, i, alpha[i]! / 255).share < BACKDROP_SHARE
    ) {
      shoulder[c] = 1;
      shoulderOrClear[c] = 1;
    }
  }
  const { labels, components } = labelComponents(shoulderOrClear, cropWidth, cropHeight);
  const joinsBackdrop = new Uint8Array(components.length + 1);
  for (let c = 0; c < count; c += 1) {
    if (shoulderOrClear[c] && !shoulder[c]) joinsBackdrop[labels[c]!] = 1;
  }
  for (let c = 0; c < count; c += 1) {
    const i = cropIndex(c);
    if (!(edge[i] || shoulder[c]) || !seesBackdrop(c)) continue;
    let a = alpha[i]! / 255;
    const { hasProduct, share } = measure(c, i, a);
    if (shoulder[c] && joinsBackdrop[labels[c]!]) {
      a = Math.min(a, share, tint[c]!);
      alpha[i] = Math.round(a * 255);
    } else if (hasProduct && !canTellApart(product, background)) {
      // A white sole on a light backdrop: colour cannot place the edge, and the model's soft
      // shoulder, several pixels wide (up to 20 px at 1024 on a white drone), would carry a pale
      // rim of the old backdrop onto a darker scene. The ramp is narrowed round the model's
      // half-way line.
      a = Math.min(1, Math.max(0, 0.5 + (a - 0.5) * ALIKE_EDGE_STEEPNESS));
      alpha[i] = Math.round(a * 255);
      if (a <= 0.05) continue;
    }
    // Faint pixels carry little of the product: lean on the product's colour nearby instead of
    // amplifying noise.
    const trust = Math.min(1, a * 2);
    for (let k = 0; k < 3; k += 1) {
      const unmixed = a > 0.05 ? (own[k]! - (1 - a) * background[k]!) / a : product[k]!;
      const colour = trust * unmixed + (1 - trust) * product[k]!;
      data[i * channels + k] = Math.max(0, Math.min(255, Math.round(colour)));
    }
  }
}

/** Least spread of a backdrop's channels (0..255) for it to be coloured (blue paper). */
const TINT_CHROMA = 24;
/** Least colour distance between product and backdrop from which a tint's share is read. */
const TINT_CONTRAST = 24;
/** How far (RGB) a tinted pixel may lie from the nearest mix of the two colours: the noise. */
const TINT_OFF = 8;
/** The backdrop's light in a tinted pixel, against its mean nearby: shaded in a corner, or lit. */
const TINT_LEAST_LIGHT = 0.5;
const TINT_MOST_LIGHT = 1.2;
/** The least difference of light (0..255) between product and backdrop that tells a mix by it. */
const TINT_LIGHT_STEP = 30;
/** Below this share of the product's colour a pixel next to the backdrop is tinted by it. */
const TINT_SHARE = 0.9;
/** How far (in edge bands) from the backdrop a tinted pixel may lie. */
const TINT_REACH = 3;

/** How many times steeper an edge whose product and backdrop colours are alike is made. */
const ALIKE_EDGE_STEEPNESS = 6;

function canTellApart(product: readonly number[], background: readonly number[]): boolean {
  return (
    Math.hypot(
      product[0]! - background[0]!,
      product[1]! - background[1]!,
      product[2]! - background[2]!,
    ) >= EDGE_CONTRAST
  );
}

/**
 * The share of the product in a pixel's colour: where it lies between the background's colour
 * and the product's. 1 when the two are too alike to tell apart.
 */
export function colourShare(
  own: readonly number[],
  product: readonly number[],
  background: readonly number[],
): number {
  let spanSquared = 0;
  let along = 0;
  for (let k = 0; k < 3; k += 1) {
    const span = product[k]! - background[k]!;
    spanSquared += span * span;
    along += (own[k]! - background[k]!) * span;
  }
  if (spanSquared < EDGE_CONTRAST * EDGE_CONTRAST) return 1;
  return Math.max(0, Math.min(1, along / spanSquared));
}
