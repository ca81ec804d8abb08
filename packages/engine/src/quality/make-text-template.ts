import { decodeImage, encodePng, type Raster } from '../pipeline/raster.js';
import { drawText, measureInk } from '../text/font-renderer.js';

export type AdCopy = {
  text: string;
  /** Left edge and top of the ink, as fractions of the template's width and height. */
  x: number;
  y: number;
  /** Cap height as a fraction of the template's height. */
  size: number;
  color: string;
};

/**
 * A test template with known words: a fixture photo with ad copy drawn onto it as paths, so OCR
 * round trips can be tested on pictures whose words are known.
 */
export async function makeTextTemplate(photo: Uint8Array, copy: AdCopy[]): Promise<Uint8Array> {
  let raster: Raster = await decodeImage(photo, { channels: 3, maxSide: 1400 });
  const items = copy.map((line) => {
    const ink = measureInk(line.text, 700);
    const size = (line.size * raster.height) / Math.max(0.1, -ink.top);
    return {
      text: line.text,
      x: line.x * raster.width - ink.left * size,
      baseline: line.y * raster.height - ink.top * size,
      size,
      weight: 700 as const,
      color: line.color,
    };
  });
  raster = await drawText(raster, items);
  return encodePng(raster);
}

/** Test templates with words, built from fixture photos that have room for copy. */
export const TEXT_TEMPLATES: {
  name: string;
  photo: string;
  copy: AdCopy[];
  replacements: { toReplace: string; replacement: string }[];
}[] = [
  {
    name: 'cactus-summer-sale',
    photo: 'templates/home/charles-deluvio-695736-unsplash.jpg',
    copy: [
      { text: 'Summer Sale', x: 0.06, y: 0.05, size: 0.05, color: '#ffffff' },
      { text: 'Only 19 EUR today', x: 0.06, y: 0.13, size: 0.025, color: '#3a2a20' },
    ],
    replacements: [
      { toReplace: 'Summer Sale', replacement: 'Winter Deals' },
      { toReplace: '19', replacement: '25' },
    ],
  },
  {
    name: 'lamp-new-collection',
    photo: 'templates/home/pierre-chatel-innocenti-483198-unsplash.jpg',
    copy: [
      { text: 'NEW COLLECTION', x: 0.5, y: 0.1, size: 0.035, color: '#f4efe6' },
      { text: 'Free shipping', x: 0.56, y: 0.86, size: 0.03, color: '#f4efe6' },
    ],
    replacements: [
      { toReplace: 'NEW COLLECTION', replacement: 'BEST SELLERS' },
      { toReplace: 'shipping', replacement: 'returns' },
    ],
  },
  {
    name: 'desk-office-week',
    photo: 'templates/business/kelly-sikkema-685291-unsplash.jpg',
    copy: [
      { text: 'Office Week', x: 0.22, y: 0.05, size: 0.045, color: '#1d2a44' },
      { text: 'Save 30%', x: 0.6, y: 0.9, size: 0.035, color: '#c8323c' },
    ],
    replacements: [
      { toReplace: 'Office Week', replacement: 'Study Days' },
      { toReplace: 'Save', replacement: 'Take' },
    ],
  },
];
