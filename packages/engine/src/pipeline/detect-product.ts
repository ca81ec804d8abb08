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
  const mask = await segmentForeground(small, {
    iterations: 3,
    exclude: (options.exclude ?? []).map((box) => scaleBox(box, scale)),
  });
  const box = boundingBoxOf(mask, small.width, 128);
  if (!box) return null;
  const share = (box.width * box.height) / (small.width * small.height);
  if (share < 0.004) return null;
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
