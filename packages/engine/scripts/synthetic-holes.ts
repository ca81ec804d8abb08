/**
 * Synthetic products with real see-through holes (a chair's back with a hand hole, a ring, a mug's
 * handle), one with an enclosed logo unlike its backdrop, and a white sneaker-like shape on a light
 * backdrop, each drawn with its own alpha and laid on plain backdrops of several colours (one the
 * product's own). Used by measure-cut-out.ts.
 */
import sharp from 'sharp';
import type { Raster } from '../src/pipeline/raster.js';

export type SyntheticProduct = {
  name: string;
  /** The product's SVG body on a SIDE x SIDE canvas, transparent round it. */
  svg: string;
  /** The see-through holes' SVG (filled shapes), or none. */
  holes: string;
  /** Backdrop colours, as hex, the product is laid on. */
  backdrops: string[];
};

/** A soft vertical shading over the product, as a photo's light gives it. */
const shade = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;

const chairHole = '<rect x="432" y="250" width="160" height="52" rx="26"/>';
const ringHole = '<circle cx="512" cy="512" r="130"/>';
const mugHole = '<path d="M 711 421 Q 789 421 789 520 Q 789 619 711 619 Z"/>';

export const SYNTHETIC_PRODUCTS: SyntheticProduct[] = [
  {
    name: 'chair-back',
    // A wooden stool: a tall back with a hand hole, a seat and four legs.
    svg: `${shade('w', '#b07a4a', '#7d5232')}<g fill="url(#w)"><rect x="352" y="200" width="320" height="340" rx="40"/><rect x="322" y="540" width="380" height="60" rx="14"/><rect x="342" y="600" width="34" height="260"/><rect x="648" y="600" width="34" height="260"/><rect x="420" y="600" width="26" height="220"/><rect x="578" y="600" width="26" height="220"/></g>`,
    holes: chairHole,
    backdrops: ['#2f6fd0', '#f2f2f0', '#8c8c8c', '#96643e'],
  },
  {
    name: 'ring',
    svg: `${shade('r', '#4a4f58', '#22252b')}<circle cx="512" cy="512" r="260" fill="url(#r)"/>`,
    holes: ringHole,
    backdrops: ['#2f6fd0', '#f2f2f0', '#c23a3a', '#363a42'],
  },
  {
    name: 'mug',
    // A teal mug with a handle whose opening shows the backdrop.
    svg: `${shade('m', '#2a9d8f', '#1d6f66')}<g fill="url(#m)"><rect x="330" y="330" width="380" height="420" rx="30"/><path d="M 690 370 Q 860 370 860 520 Q 860 670 690 670 L 690 620 Q 790 620 790 520 Q 790 420 690 420 Z"/></g>`,
    holes: mugHole,
    backdrops: ['#2f6fd0', '#f2f2f0', '#e8d9b5', '#23867a'],
  },
  {
    name: 'white-mug',
    svg: `${shade('wm', '#fbfbfb', '#dcdcdc')}<g fill="url(#wm)"><rect x="330" y="330" width="380" height="420" rx="30"/><path d="M 690 370 Q 860 370 860 520 Q 860 670 690 670 L 690 620 Q 790 620 790 520 Q 790 420 690 420 Z"/></g>`,
    holes: mugHole,
    backdrops: ['#2f6fd0', '#f4f4f2', '#9a9a9a'],
  },
  {
    name: 'logo-box',
    // A dark red box with a white logo enclosed by it: the logo is the product's own.
    svg: `${shade('b', '#b3262e', '#7a1a20')}<rect x="300" y="250" width="424" height="524" rx="18" fill="url(#b)"/><circle cx="512" cy="512" r="110" fill="#fafafa"/><rect x="452" y="640" width="120" height="40" fill="#f0e6c8"/>`,
    holes: '',
    backdrops: ['#2f6fd0', '#f2f2f0', '#f7f7f7', '#8c8c8c'],
  },
  {
    name: 'white-sneaker',
    // A white sneaker seen from the side: upper, sole and heel, on light backdrops.
    svg: `${shade('s', '#ffffff', '#e4e4e4')}<path fill="url(#s)" d="M 200 640 Q 210 470 330 430 L 470 400 Q 540 390 590 450 Q 660 520 780 540 Q 860 560 860 620 L 860 650 L 200 650 Z"/><rect x="190" y="650" width="680" height="46" rx="18" fill="#f7f7f5"/><path d="M 380 470 L 560 470" stroke="#c9c9c9" stroke-width="6"/>`,
    holes: '',
    backdrops: ['#e9e9e7', '#dfe3e8', '#f5f1ea', '#2f6fd0'],
  },
];

/** The product as an RGBA raster of a side x side frame, and its holes' mask (1 inside). */
export async function drawProduct(
  product: SyntheticProduct,
  side: number,
): Promise<{ truth: Raster; hole: Uint8Array }> {
  const svg = (body: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">${body}</svg>`,
    );
  const holeBody = product.holes
    ? `<mask id="h"><rect width="1024" height="1024" fill="white"/><g fill="black">${product.holes}</g></mask>`
    : '';
  const body = product.holes ? `${holeBody}<g mask="url(#h)">${product.svg}</g>` : product.svg;
  const { data } = await sharp(svg(body))
    .resize(side, side)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hole = new Uint8Array(side * side);
  if (product.holes) {
    const holes = await sharp(
      svg(`<rect width="1024" height="1024" fill="black"/><g fill="white">${product.holes}</g>`),
    )
      .resize(side, side)
      .greyscale()
      .raw()
      .toBuffer();
    for (let i = 0; i < hole.length; i += 1)
      hole[i] = holes[i * (holes.length / hole.length)]! >= 128 ? 1 : 0;
  }
  return { truth: { data: new Uint8Array(data), width: side, height: side, channels: 4 }, hole };
}
