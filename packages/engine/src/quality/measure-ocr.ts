import { readWords, readWordsWithTesseract, type ReadWord } from '../text/read-words.js';
import { readFixture } from './fixture-cases.js';
import { makeTextTemplate, TEXT_TEMPLATES, type AdCopy } from './make-text-template.js';

/**
 * Photo fixtures with no legible text in them (looked at one by one): every word read in them is
 * junk. Photos with real lettering (keyboards, camera brands, a boxing glove) are left out.
 */
export const PHOTOS_WITHOUT_TEXT = [
  'templates/art/vincent-liu-525429-unsplash.jpg',
  'templates/business/kelly-sikkema-685291-unsplash.jpg',
  'templates/business/oscar-ivan-esquivel-arteaga-687447-unsplash.jpg',
  'templates/fashion/mitch-lensink-256007-unsplash.jpg',
  'templates/fashion/summer.jpg',
  'templates/fashion/xavier-teo-469050-unsplash.jpg',
  'templates/food/groceries.jpg',
  'templates/gaming/daniel-korpai-1302051-unsplash.jpg',
  'templates/health/mikkel-bech-748940-unsplash.jpg',
  'templates/health/silvia-agrasar-227575-unsplash.jpg',
  'templates/health/stoica-ionela-530966-unsplash.jpg',
  'templates/home/abel-y-costa-716024-unsplash.jpg',
  'templates/home/charles-deluvio-695736-unsplash.jpg',
  'templates/home/kari-shea-398668-unsplash.jpg',
  'templates/home/mark-tegethoff-667351-unsplash.jpg',
  'templates/home/natalia-y-345738-unsplash.jpg',
  'templates/home/nathan-fertig-249917-unsplash.jpg',
  'templates/home/paul-weaver-1120584-unsplash.jpg',
  'templates/home/pierre-chatel-innocenti-483198-unsplash.jpg',
  'templates/photography/brandi-redd-104140-unsplash.jpg',
  'templates/photography/robert-shunev-528016-unsplash.jpg',
  'templates/photography/zoltan-tasi-423051-unsplash.jpg',
];

/** More copy than the swap templates carry: small print, colours on texture, prices. */
const EXTRA_TEXT_TEMPLATES: { name: string; photo: string; copy: AdCopy[] }[] = [
  {
    name: 'sofa-small-print',
    photo: 'templates/home/paul-weaver-1120584-unsplash.jpg',
    copy: [
      { text: 'Comfort for every room', x: 0.05, y: 0.06, size: 0.04, color: '#2b2b2b' },
      {
        text: 'Delivered in 3 days, assembly included',
        x: 0.05,
        y: 0.14,
        size: 0.018,
        color: '#555555',
      },
    ],
  },
  {
    name: 'sneaker-on-wood',
    photo: 'templates/fashion/mitch-lensink-256007-unsplash.jpg',
    copy: [
      { text: 'STREET CLASSICS', x: 0.5, y: 0.08, size: 0.05, color: '#ffffff' },
      { text: 'from 59 USD', x: 0.55, y: 0.85, size: 0.035, color: '#1a1a1a' },
    ],
  },
  {
    name: 'bonsai-calm',
    photo: 'templates/home/mark-tegethoff-667351-unsplash.jpg',
    copy: [
      { text: 'Grow your calm', x: 0.06, y: 0.08, size: 0.045, color: '#3d5a3a' },
      { text: 'Shop plants online', x: 0.62, y: 0.9, size: 0.025, color: '#222222' },
    ],
  },
  {
    name: 'bike-night-ride',
    photo: 'templates/health/mikkel-bech-748940-unsplash.jpg',
    copy: [
      { text: 'Ride Further', x: 0.06, y: 0.07, size: 0.06, color: '#f2c230' },
      { text: 'Carbon frame 7.2 kg', x: 0.06, y: 0.18, size: 0.025, color: '#dddddd' },
    ],
  },
  {
    name: 'tulips-spring',
    photo: 'templates/home/natalia-y-345738-unsplash.jpg',
    copy: [
      { text: 'Spring', x: 0.1, y: 0.05, size: 0.04, color: '#c22a4a' },
      { text: 'Fresh flowers weekly', x: 0.1, y: 0.92, size: 0.018, color: '#333333' },
    ],
  },
];

export type OcrScores = {
  reader: string;
  expected: number;
  read: number;
  correct: number;
  precision: number;
  recall: number;
  /** Words read in the photos without text. */
  junk: number;
  junkWords: string[];
  msPerImage: number;
};

const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, '');

/**
 * Precision and recall of word reading on templates with known copy (a word counts as correct
 * when its letters match a copy word not matched yet), and junk words on photos without text.
 */
export async function measureOcr(
  readers: { name: string; read: (png: Uint8Array) => Promise<ReadWord[]> }[] = [
    { name: 'PP-OCR + Tesseract splits', read: (png) => readWords(png) },
    { name: 'Tesseract alone', read: (png) => readWordsWithTesseract(png) },
  ],
  onLine: (line: string) => void = () => {},
): Promise<OcrScores[]> {
  const templates = await Promise.all(
    [...TEXT_TEMPLATES, ...EXTRA_TEXT_TEMPLATES].map(async (spec) => ({
      name: spec.name,
      png: await makeTextTemplate(readFixture(spec.photo), spec.copy),
      words: spec.copy.flatMap((line) => line.text.split(/\s+/).map(simplify)).filter(Boolean),
    })),
  );
  const scores: OcrScores[] = [];
  for (const reader of readers) {
    let expected = 0;
    let read = 0;
    let correct = 0;
    let ms = 0;
    for (const template of templates) {
      const started = performance.now();
      const words = (await reader.read(template.png)).map((word) => simplify(word.text));
      ms += performance.now() - started;
      const open = [...template.words];
      for (const word of words) {
        const index = open.indexOf(word);
        if (index >= 0) {
          open.splice(index, 1);
          correct += 1;
        }
      }
      expected += template.words.length;
      read += words.length;
      onLine(
        `${reader.name} | ${template.name}: missed [${open.join(' ')}] read [${words.join(' ')}]`,
      );
    }
    const junkWords: string[] = [];
    for (const photo of PHOTOS_WITHOUT_TEXT) {
      const started = performance.now();
      const words = await reader.read(readFixture(photo));
      ms += performance.now() - started;
      junkWords.push(...words.map((word) => `${word.text} (${photo.split('/').at(-1)})`));
    }
    scores.push({
      reader: reader.name,
      expected,
      read,
      correct,
      precision: correct / Math.max(1, read),
      recall: correct / Math.max(1, expected),
      junk: junkWords.length,
      junkWords,
      msPerImage: Math.round(ms / (templates.length + PHOTOS_WITHOUT_TEXT.length)),
    });
  }
  return scores;
}
