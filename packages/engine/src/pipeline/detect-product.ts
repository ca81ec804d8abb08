import type { Box } from '../types.js';
import {
  boundingBoxOf,
  measureTransparency,
  resizeRaster,
  scaleBox,
  type Raster,
} from './raster.js';
import { segmentForeground } from './segment-foreground.js';

const DETECTION_SIDE = 256;

/**
 * Finds the main object of a template with no recorded box: its alpha when it has one, else the
 * dominant foreground against the border. Null when nothing plausible stands out.
 */
export async function detectProduct(
  template: Raster,
  options: { exclude?: Box[] } = {},
): Promise<Box | null> {
  if (template.channels === 4 && measureTransparency(template) > 0.05) {
    const alpha = new Uint8Array(template.width * template.height);
    for (let i = 0; i < alpha.length; i += 1) alpha[i] = template.data[i * 4 + 3]!;
    return boundingBoxOf(alpha, template.width, 160);
  }
  const scale = Math.min(1, DETECTION_SIDE / Math.max(template.width, template.height));
  const small = await resizeRaster(
    template,
    Math.max(8, Math.round(template.width * scale)),
    Math.max(8, Math.round(template.height * scale)),
    'linear',
  );
  const exclude = (options.exclude ?? []).map((box) => scaleBox(box, scale));
  const seeded = await segmentForeground(small, { iterations: 3, exclude });
  let box = boundingBoxOf(seeded, small.width, 128);
  const shareOf = (found: Box | null) =>
    found ? (found.width * found.height) / (small.width * small.height) : 0;
  // Scattered specks are not an object, however wide their bounding box.
  const covered = seeded.reduce((count, value) => count + (value ? 1 : 0), 0) / seeded.length;
  if (covered < 0.02) {
    // The object shares its colours with something at the border (a dark camera under a dark
    // pot): seed from a frame around the centre instead of from the border's colours.
    const inset = Math.round(Math.min(small.width, small.height) * 0.06);
    const rect = {
      x: inset,
      y: inset,
      width: small.width - 2 * inset,
      height: small.height - 2 * inset,
    };
    box = boundingBoxOf(
      await segmentForeground(small, { iterations: 3, exclude, rect }),
      small.width,
      128,
    );
  }
  if (!box || shareOf(box) < 0.004) return null;
  return roundBox(scaleBox(box, 1 / scale));
}

export function roundBox(box: Box): Box {
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}
