import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';
import type { Raster } from '../pipeline/raster.js';

export type FontWeight = 400 | 700;

const require = createRequire(import.meta.url);
const fonts = new Map<FontWeight, opentype.Font>();

/** Roboto from @fontsource (Apache-2.0), parsed once; text is drawn as paths, never as SVG text. */
export function loadFont(weight: FontWeight): opentype.Font {
  let font = fonts.get(weight);
  if (!font) {
    const file = require.resolve(`@fontsource/roboto/files/roboto-latin-${weight}-normal.woff`);
    const bytes = readFileSync(file);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    fonts.set(weight, font);
  }
  return font;
}

/**
 * Lays glyphs out one by one with kerning. opentype.js's own layout runs the font's `ccmp`
 * lookups, which throw on Roboto's GSUB, and Latin ad copy needs no shaping.
 */
export function layoutText(
  text: string,
  options: { x: number; baseline: number; size: number; weight: FontWeight },
): { path: opentype.Path; advance: number } {
  const font = loadFont(options.weight);
  const scale = options.size / font.unitsPerEm;
  const path = new opentype.Path();
  let x = options.x;
  let previous: opentype.Glyph | undefined;
  for (const character of text) {
    const glyph = font.charToGlyph(character);
    if (previous) x += font.getKerningValue(previous, glyph) * scale;
    path.extend(glyph.getPath(x, options.baseline, options.size));
    x += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return { path, advance: x - options.x };
}

/** Ink extent of `text` at size 1 relative to its origin and baseline (y grows downwards). */
export function measureInk(
  text: string,
  weight: FontWeight,
): { left: number; right: number; top: number; bottom: number } {
  const { path } = layoutText(text, { x: 0, baseline: 0, size: 1, weight });
  const box = path.getBoundingBox();
  return { left: box.x1, right: box.x2, top: box.y1, bottom: box.y2 };
}

/**
 * SVG path data of an opentype path. Path.toPathData of opentype.js 1.3 prints some coordinates
 * as NaN (its decimal rounding), which makes librsvg drop the rest of the path.
 */
export function toSvgPathData(path: opentype.Path): string {
  const n = (value: number | undefined) => (value ?? 0).toFixed(2);
  return path.commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/** Draws text onto an RGB raster as vector paths (a new raster is returned). */
export async function drawText(
  frame: Raster,
  items: {
    text: string;
    x: number;
    baseline: number;
    size: number;
    weight: FontWeight;
    color: string;
  }[],
): Promise<Raster> {
  if (items.length === 0) return frame;
  const paths = items
    .map((item) => {
      const { path } = layoutText(item.text, item);
      return `<path d="${toSvgPathData(path)}" fill="${item.color}"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">${paths}</svg>`;
  const data = await sharp(frame.data, {
    raw: { width: frame.width, height: frame.height, channels: frame.channels },
  })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { ...frame, data: new Uint8Array(data.buffer, data.byteOffset, data.length), channels: 3 };
}
