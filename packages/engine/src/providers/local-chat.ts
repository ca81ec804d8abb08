import sharp, { type OverlayOptions } from 'sharp';
import { cutOutProduct } from '../pipeline/cut-out-product.js';
import { parseOutputSize } from '../pipeline/frame-template.js';
import { fromHex, type Raster } from '../pipeline/raster.js';
import { drawText, measureInk } from '../text/font-renderer.js';
import type { ChatRequest, GenerationResult } from '../types.js';

const COLORS: Record<string, string> = {
  white: '#f5f5f2',
  black: '#17171a',
  grey: '#8d8f94',
  gray: '#8d8f94',
  red: '#c8323c',
  orange: '#ee8a2e',
  yellow: '#f2cf3d',
  green: '#3f9b5a',
  teal: '#2a8c8c',
  blue: '#3568c9',
  navy: '#1f2d55',
  purple: '#7446b0',
  pink: '#ef8fb5',
  beige: '#e8dcc4',
  brown: '#7a5236',
  gold: '#cfa844',
};

type Placement = 'left' | 'right' | 'center' | 'top' | 'bottom';

/** What the local engine takes from a prompt: plain words only, no understanding of scenes. */
export function readPrompt(prompt: string): {
  colors: string[];
  headline: string | null;
  placement: Placement | null;
} {
  const lower = prompt.toLowerCase();
  const colors = [...lower.matchAll(/\b([a-z]+)\b/g)]
    .map((match) => match[1]!)
    .filter((word) => word in COLORS)
    .filter((word, index, all) => all.indexOf(word) === index);
  const quoted = /["“'‘]([^"”'’]{1,60})["”'’]/.exec(prompt);
  const placement =
    (['left', 'right', 'top', 'bottom', 'center', 'centre'] as const).find((word) =>
      new RegExp(`\\b${word}\\b`).test(lower),
    ) ?? null;
  return {
    colors,
    headline: quoted ? quoted[1]!.trim() : null,
    placement: placement === 'centre' ? 'center' : placement,
  };
}

/**
 * Chat on the local engine: the references, cut out, laid out on a background in the prompt's
 * colours, with its quoted words as headline. The note says what was understood.
 */
export async function composeChat(request: ChatRequest): Promise<GenerationResult> {
  const { width, height } = parseOutputSize(request.size);
  const intent = varied(readPrompt(request.prompt), request.variation ?? 0);
  const first = intent.colors[0] ? COLORS[intent.colors[0]]! : '#eeeae4';
  const second = intent.colors[1] ? COLORS[intent.colors[1]]! : shade(first, 0.82);
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${first}"/><stop offset="1" stop-color="${second}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const references = request.references ?? [];
  const cutOuts = await Promise.all(references.map((bytes) => cutOutProduct(bytes)));
  const headlineSpace = intent.headline ? height * 0.2 : 0;
  const area = areaFor(intent.placement, width, height, headlineSpace);
  const slot = area.width / Math.max(1, cutOuts.length);
  const layers: OverlayOptions[] = [];
  for (const [index, cutOut] of cutOuts.entries()) {
    const fitted = await sharp(cutOut.png)
      .resize(Math.round(slot * 0.9), Math.round(area.height * 0.9), { fit: 'inside' })
      .toBuffer({ resolveWithObject: true });
    layers.push({
      input: fitted.data,
      left: Math.round(area.x + index * slot + (slot - fitted.info.width) / 2),
      top: Math.round(area.y + area.height * 0.95 - fitted.info.height),
    });
  }
  const data = await sharp(background).composite(layers).removeAlpha().raw().toBuffer();
  let raster: Raster = { data: new Uint8Array(data), width, height, channels: 3 };
  if (intent.headline) {
    const ink = measureInk(intent.headline, 700);
    const size = Math.min(
      headlineSpace * 0.5,
      (width * 0.85) / Math.max(0.1, ink.right - ink.left),
    );
    const textWidth = (ink.right - ink.left) * size;
    const top = intent.placement === 'bottom' ? height * 0.06 : height * 0.06;
    raster = await drawText(raster, [
      {
        text: intent.headline,
        x: (width - textWidth) / 2 - ink.left * size,
        baseline: top - ink.top * size,
        size,
        weight: 700,
        color: isLight(first) ? '#17171a' : '#ffffff',
      },
    ]);
  }
  const png = await sharp(raster.data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png: new Uint8Array(png), note: describe(intent, cutOuts.length) };
}

/** Layouts a Regenerate walks through, starting after the one the prompt asked for. */
const LAYOUTS: Placement[] = ['center', 'left', 'right', 'bottom', 'top'];

/** The prompt's intent, with the layout moved on `variation` steps (0 keeps it as asked). */
function varied(intent: ReturnType<typeof readPrompt>, variation: number) {
  if (variation <= 0) return intent;
  const start = LAYOUTS.indexOf(intent.placement ?? 'center');
  return { ...intent, placement: LAYOUTS[(start + variation) % LAYOUTS.length]! };
}

function areaFor(placement: Placement | null, width: number, height: number, headline: number) {
  const top = headline + height * 0.05;
  const full = { x: width * 0.08, y: top, width: width * 0.84, height: height * 0.9 - top };
  if (placement === 'left') return { ...full, width: full.width * 0.6 };
  if (placement === 'right')
    return { ...full, x: full.x + full.width * 0.4, width: full.width * 0.6 };
  if (placement === 'top') return { ...full, height: full.height * 0.6 };
  if (placement === 'bottom')
    return { ...full, y: full.y + full.height * 0.4, height: full.height * 0.6 };
  return full;
}

function describe(intent: ReturnType<typeof readPrompt>, references: number): string {
  const understood: string[] = [];
  if (intent.colors.length) understood.push(`colours: ${intent.colors.join(', ')}`);
  if (intent.headline) understood.push(`headline: "${intent.headline}"`);
  if (intent.placement) understood.push(`placement: ${intent.placement}`);
  if (references) understood.push(`${references} reference image(s) cut out and placed`);
  const head = understood.length
    ? `The local engine understood ${understood.join('; ')}.`
    : 'The local engine understood nothing specific in the prompt.';
  return `${head} It reads only colour names, quoted words and placement words; scenes, styles and objects need the OpenAI or Gemini provider.`;
}

function shade(hex: string, factor: number): string {
  const [r, g, b] = fromHex(hex);
  const part = (v: number) =>
    Math.round(v * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function isLight(hex: string): boolean {
  const [r, g, b] = fromHex(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}
