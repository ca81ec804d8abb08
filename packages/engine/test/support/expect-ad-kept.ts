import sharp from 'sharp';
import { expect } from 'vitest';

const rgbOf = async (png: Uint8Array) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/**
 * Checks an AI swap kept the ad: wherever the mask sent to the API is opaque (or white, for
 * Gemini's picture of it), the result is the sent template pixel for pixel; well inside the open
 * area it is the model's colour.
 */
export async function expectAdKept(options: {
  result: Uint8Array;
  sentTemplate: Uint8Array;
  sentMask: Uint8Array;
  modelColor: [number, number, number];
}): Promise<void> {
  const result = await rgbOf(options.result);
  const template = await rgbOf(options.sentTemplate);
  // OpenAI's mask keeps where it is opaque; Gemini's picture of it keeps where it is white.
  const { hasAlpha } = await sharp(options.sentMask).metadata();
  const { data: keep, info } = await sharp(options.sentMask)
    .extractChannel(hasAlpha ? 3 : 0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([result.width, result.height]).toEqual([template.width, template.height]);
  expect([info.width, info.height]).toEqual([template.width, template.height]);
  let kept = 0;
  let changedOutside = 0;
  let modelInside = 0;
  for (let i = 0; i < result.width * result.height; i += 1) {
    const same =
      result.data[i * 3] === template.data[i * 3] &&
      result.data[i * 3 + 1] === template.data[i * 3 + 1] &&
      result.data[i * 3 + 2] === template.data[i * 3 + 2];
    if (keep[i] === 255) {
      kept += 1;
      if (!same) changedOutside += 1;
    } else if (
      result.data[i * 3] === options.modelColor[0] &&
      result.data[i * 3 + 1] === options.modelColor[1] &&
      result.data[i * 3 + 2] === options.modelColor[2]
    ) {
      modelInside += 1;
    }
  }
  const open = result.width * result.height - kept;
  expect(kept).toBeGreaterThan(0);
  expect(changedOutside).toBe(0);
  // The seam is a few pixels wide: most of the open area is the model's.
  expect(modelInside).toBeGreaterThan(open * 0.8);
}
