/**
 * Builds the starter catalogue committed in `apps/server/catalogue/` from the team's fixture
 * photos (`fixtures/templates` of the repository) plus templates designed here: ad-copy variants of some
 * photos, and rendered scenes for the categories without a licensed photo (beauty, automotive,
 * music). Run once by a person, not at start-up: `npx tsx apps/server/scripts/build-catalogue.ts`.
 *
 * Text is drawn as vector paths (opentype.js and Inter from @fontsource) so the output does not
 * depend on the fonts installed on the machine that runs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp, { type Sharp } from 'sharp';

const require = createRequire(import.meta.url);
const here = import.meta.dirname;
const fixturesDir = process.env.FIXTURES_DIR ?? path.resolve(here, '../../../fixtures');
const outDir = path.resolve(here, '../catalogue');
const imagesDir = path.join(outDir, 'images');
const MAX_SIDE = 1600;

type Box = { x: number; y: number; width: number; height: number };
type Word = { text: string; role: 'headline' | 'price' | 'cta' | 'tagline'; box: Box };
type Entry = {
  file: string;
  name: string;
  category: string;
  attribution: string | null;
  licence: string;
  width: number;
  height: number;
  productBox: Box;
  words: Word[];
};

const fontFile = (weight: number) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
const fonts = {
  bold: opentype.parse(toArrayBuffer(fs.readFileSync(fontFile(800)))),
  medium: opentype.parse(toArrayBuffer(fs.readFileSync(fontFile(600)))),
};

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(
    buffer.byteOffset,
    buffer.byteOffset + buffer.byteLength,
  ) as ArrayBuffer;
}

/**
 * Glyph by glyph with kerning: Inter's contextual substitutions trip opentype.js's shaper, and
 * ad copy needs none of them.
 */
function layoutPath(font: opentype.Font, text: string, x: number, y: number, size: number) {
  const scale = size / font.unitsPerEm;
  const path = new opentype.Path();
  let cursor = x;
  let previous: opentype.Glyph | null = null;
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) cursor += (font.getKerningValue(previous, glyph) || 0) * scale;
    appendGlyph(path, glyph, cursor, y, scale);
    cursor += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return path;
}

/**
 * The glyph's outline in font units, placed and scaled by hand: opentype.js's getPath sometimes
 * answered NaN coordinates for Inter's 'l' here, which made librsvg drop the rest of the line.
 */
function appendGlyph(
  path: opentype.Path,
  glyph: opentype.Glyph,
  x: number,
  y: number,
  scale: number,
) {
  const px = (value: number | undefined) => x + (value ?? 0) * scale;
  const py = (value: number | undefined) => y - (value ?? 0) * scale;
  for (const command of glyph.path.commands) {
    if (command.type === 'M') path.moveTo(px(command.x), py(command.y));
    else if (command.type === 'L') path.lineTo(px(command.x), py(command.y));
    else if (command.type === 'Q')
      path.quadraticCurveTo(px(command.x1), py(command.y1), px(command.x), py(command.y));
    else if (command.type === 'C')
      path.curveTo(
        px(command.x1),
        py(command.y1),
        px(command.x2),
        py(command.y2),
        px(command.x),
        py(command.y),
      );
    else path.close();
  }
}

function advanceWidth(font: opentype.Font, text: string, size: number): number {
  const scale = size / font.unitsPerEm;
  return [...text].reduce(
    (sum, char) => sum + (font.charToGlyph(char).advanceWidth ?? 0) * scale,
    0,
  );
}

/**
 * SVG path data written here: opentype.js 1.3's own toPathData rounds through a shared cache that
 * sometimes answered NaN, and librsvg then dropped the rest of the line.
 */
function toPathData(path: opentype.Path): string {
  const n = (value: number) => String(Math.round(value * 10) / 10);
  return path.commands
    .map((c) => {
      if (c.type === 'M') return `M${n(c.x)} ${n(c.y)}`;
      if (c.type === 'L') return `L${n(c.x)} ${n(c.y)}`;
      if (c.type === 'Q') return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
      if (c.type === 'C') return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
      return 'Z';
    })
    .join('');
}

/** One line of text as an SVG path, with its box in image pixels. */
function textPath(options: {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: 'bold' | 'medium';
  fill: string;
  anchor?: 'start' | 'middle';
}): { svg: string; box: Box } {
  const font = fonts[options.weight];
  const width = advanceWidth(font, options.text, options.size);
  const x = options.anchor === 'middle' ? options.x - width / 2 : options.x;
  const p = layoutPath(font, options.text, x, options.y, options.size);
  const bb = p.getBoundingBox();
  return {
    svg: `<path d="${toPathData(p)}" fill="${options.fill}"/>`,
    box: {
      x: Math.round(bb.x1),
      y: Math.round(bb.y1),
      width: Math.round(bb.x2 - bb.x1),
      height: Math.round(bb.y2 - bb.y1),
    },
  };
}

/** Rows of SOURCES.md: path -> description, licence, author. */
function readSources(): Map<string, { description: string; licence: string; author: string }> {
  const text = fs.readFileSync(path.join(fixturesDir, 'SOURCES.md'), 'utf8');
  const rows = new Map<string, { description: string; licence: string; author: string }>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('| templates/')) continue;
    const cells = line.split('|').map((cell) => cell.trim());
    // | path | category | description | px | KB | repo | source path | licence | author | sha |
    rows.set(cells[1]!, { description: cells[3]!, licence: cells[8]!, author: cells[9]! });
  }
  return rows;
}

/** The credit the licence asks for; Unsplash and CC0 ask none, but naming the photographer is kind. */
function attributionFor(licence: string, author: string): string | null {
  if (/CC-?BY/i.test(licence)) return 'Saleor Commerce / Mirumee Software, CC BY 4.0';
  if (/^Photo by/.test(author)) return author.replace(/\s*\(download id.*$/, '');
  return null;
}

/**
 * A plausible product box: where the strong edges are. On a 96 px grey, slightly blurred copy, the
 * pixels in the top 15 % of Sobel edge strength (and at least a fixed floor) are kept, and the box
 * spans their 4th..96th percentile. Smooth backdrops, gradients and vignettes have weak edges, so
 * they stay out; a busy scene gives a wide box. The engine issue may refine these.
 */
async function findProductBox(image: Sharp, width: number, height: number): Promise<Box> {
  const size = 96;
  const data = await image
    .clone()
    .resize(size, size, { fit: 'fill' })
    .greyscale()
    .blur(1)
    .raw()
    .toBuffer();
  const g = (x: number, y: number) => data[y * size + x]!;
  const points: { x: number; y: number; strength: number }[] = [];
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const gx =
        -g(x - 1, y - 1) -
        2 * g(x - 1, y) -
        g(x - 1, y + 1) +
        g(x + 1, y - 1) +
        2 * g(x + 1, y) +
        g(x + 1, y + 1);
      const gy =
        -g(x - 1, y - 1) -
        2 * g(x, y - 1) -
        g(x + 1, y - 1) +
        g(x - 1, y + 1) +
        2 * g(x, y + 1) +
        g(x + 1, y + 1);
      points.push({ x, y, strength: Math.hypot(gx, gy) });
    }
  }
  const strengths = points.map((p) => p.strength).sort((a, b) => a - b);
  const threshold = Math.max(40, strengths[Math.floor(strengths.length * 0.85)]!);
  const strong = points.filter((p) => p.strength >= threshold);
  if (strong.length < 20) {
    return {
      x: Math.round(width * 0.25),
      y: Math.round(height * 0.25),
      width: Math.round(width * 0.5),
      height: Math.round(height * 0.5),
    };
  }
  const xs = strong.map((p) => p.x).sort((a, b) => a - b);
  const ys = strong.map((p) => p.y).sort((a, b) => a - b);
  const pick = (list: number[], q: number) => list[Math.floor((list.length - 1) * q)]! / size;
  const x0 = pick(xs, 0.04);
  const x1 = Math.min(1, pick(xs, 0.96) + 1 / size);
  const y0 = pick(ys, 0.04);
  const y1 = Math.min(1, pick(ys, 0.96) + 1 / size);
  return {
    x: Math.round(x0 * width),
    y: Math.round(y0 * height),
    width: Math.round((x1 - x0) * width),
    height: Math.round((y1 - y0) * height),
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

async function writeJpeg(image: Sharp, file: string) {
  await image.jpeg({ quality: 80, mozjpeg: true }).toFile(path.join(imagesDir, file));
}

/** Ad copy laid over a photo: a translucent band with a headline, a price and a call to action. */
function adCopyOverlay(options: {
  width: number;
  height: number;
  headline: string;
  price: string;
  cta: string;
  position: 'top' | 'bottom';
}): { svg: string; words: Word[] } {
  const { width, height } = options;
  const band = Math.round(height * 0.24);
  const top = options.position === 'top' ? 0 : height - band;
  const scale = Math.min(width, height * 1.5) / 1600;
  const headline = textPath({
    text: options.headline,
    x: width * 0.05,
    y: top + band * 0.45,
    size: 110 * scale,
    weight: 'bold',
    fill: '#ffffff',
  });
  const price = textPath({
    text: options.price,
    x: width * 0.05,
    y: top + band * 0.82,
    size: 70 * scale,
    weight: 'medium',
    fill: '#ffd84d',
  });
  const ctaWidth = advanceWidth(fonts.medium, options.cta, 56 * scale) + 80 * scale;
  const ctaX = width * 0.95 - ctaWidth;
  const ctaY = top + band * 0.55;
  const cta = textPath({
    text: options.cta,
    x: ctaX + ctaWidth / 2,
    y: ctaY + 58 * scale,
    size: 56 * scale,
    weight: 'medium',
    fill: '#14141f',
    anchor: 'middle',
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="0" y="${top}" width="${width}" height="${band}" fill="#0d0d14" fill-opacity="0.62"/>
  <rect x="${ctaX}" y="${ctaY}" width="${ctaWidth}" height="${84 * scale}" rx="${42 * scale}" fill="#ffffff"/>
  ${headline.svg}${price.svg}${cta.svg}</svg>`;
  return {
    svg,
    words: [
      { text: options.headline, role: 'headline', box: headline.box },
      { text: options.price, role: 'price', box: price.box },
      { text: options.cta, role: 'cta', box: cta.box },
    ],
  };
}

const AD_COPY: Record<
  string,
  { headline: string; price: string; cta: string; position: 'top' | 'bottom'; name: string }
> = {
  'photography/jakob-owens-274337-unsplash.jpg': {
    name: 'Retro camera sale ad',
    headline: 'Shoot Retro',
    price: 'Only $129',
    cta: 'Shop now',
    position: 'bottom',
  },
  'photography/brandi-redd-104140-unsplash.jpg': {
    name: 'Lens launch ad',
    headline: 'Sharper Every Shot',
    price: 'From $349',
    cta: 'Pre-order',
    position: 'top',
  },
  'fashion/xavier-teo-469050-unsplash.jpg': {
    name: 'White sneakers drop ad',
    headline: 'Fresh Whites',
    price: '$89.99',
    cta: 'Buy now',
    position: 'bottom',
  },
  'fashion/mitch-lensink-256007-unsplash.jpg': {
    name: 'High-top sneakers summer sale ad',
    headline: 'Summer Sale',
    price: '30% OFF',
    cta: 'Shop now',
    position: 'top',
  },
  'food/saleordemoproduct_fd_juice_01.png': {
    name: 'Cold-pressed juice ad',
    headline: 'Fresh Pressed',
    price: '$4.50',
    cta: 'Order today',
    position: 'bottom',
  },
  'home/nathan-fertig-249917-unsplash.jpg': {
    name: 'Sofa comfort ad',
    headline: 'Sink Right In',
    price: 'Now $799',
    cta: 'See more',
    position: 'top',
  },
  'gaming/juan-gomez-674574-unsplash.jpg': {
    name: 'Mechanical keyboard gaming ad',
    headline: 'Level Up',
    price: '$149',
    cta: 'Get yours',
    position: 'top',
  },
  'health/neonbrand-428982-unsplash.jpg': {
    name: 'Boxing gloves fitness ad',
    headline: 'Train Harder',
    price: '$59',
    cta: 'Join now',
    position: 'bottom',
  },
  'business/kelly-sikkema-685291-unsplash.jpg': {
    name: 'Tablet for business ad',
    headline: 'Work Anywhere',
    price: 'From $499',
    cta: 'Learn more',
    position: 'bottom',
  },
  'art/saleordemoproduct_paints_03.png': {
    name: 'Red paint art supplies ad',
    headline: 'Paint Bold',
    price: '$12.99',
    cta: 'Shop art',
    position: 'top',
  },
};

/** A studio backdrop with a drawn product and ad copy, for categories without a licensed photo. */
type Scene = {
  name: string;
  category: string;
  width: number;
  height: number;
  background: [string, string];
  product: (box: Box) => string;
  productBox: Box;
  headline: string;
  price: string;
  cta: string;
  ink: string;
};

const SCENES: Scene[] = [
  {
    name: 'Skincare serum bottle beauty ad',
    category: 'beauty',
    width: 1200,
    height: 1500,
    background: ['#f9e1dc', '#e8b4b8'],
    productBox: { x: 470, y: 560, width: 260, height: 640 },
    product: (b) => `
      <ellipse cx="${b.x + b.width / 2}" cy="${b.y + b.height}" rx="${b.width * 0.75}" ry="36" fill="#000" fill-opacity="0.12"/>
      <rect x="${b.x + b.width * 0.35}" y="${b.y}" width="${b.width * 0.3}" height="${b.height * 0.22}" rx="18" fill="#3b2f2f"/>
      <rect x="${b.x}" y="${b.y + b.height * 0.2}" width="${b.width}" height="${b.height * 0.8}" rx="60" fill="url(#glass)"/>
      <rect x="${b.x + 40}" y="${b.y + b.height * 0.5}" width="${b.width - 80}" height="${b.height * 0.22}" rx="12" fill="#ffffff" fill-opacity="0.85"/>`,
    headline: 'Glow Serum',
    price: 'Only $32',
    cta: 'Shop now',
    ink: '#5a2a35',
  },
  {
    name: 'Lipstick makeup beauty ad',
    category: 'beauty',
    width: 1200,
    height: 1200,
    background: ['#fde7ef', '#f3a6c0'],
    productBox: { x: 500, y: 380, width: 200, height: 620 },
    product: (b) => `
      <rect x="${b.x}" y="${b.y + b.height * 0.45}" width="${b.width}" height="${b.height * 0.55}" rx="14" fill="#1f1f2b"/>
      <rect x="${b.x + 8}" y="${b.y + b.height * 0.4}" width="${b.width - 16}" height="${b.height * 0.08}" rx="6" fill="#d4af37"/>
      <path d="M ${b.x + 30} ${b.y + b.height * 0.4} L ${b.x + 30} ${b.y + b.height * 0.12} L ${b.x + b.width - 30} ${b.y} L ${b.x + b.width - 30} ${b.y + b.height * 0.4} Z" fill="#c2185b"/>`,
    headline: 'Bold Lips',
    price: '$18',
    cta: 'Try it',
    ink: '#7a1240',
  },
  {
    name: 'Face cream jar skincare ad',
    category: 'beauty',
    width: 1600,
    height: 1067,
    background: ['#eef5f0', '#b9d8c2'],
    productBox: { x: 620, y: 420, width: 360, height: 300 },
    product: (b) => `
      <ellipse cx="${b.x + b.width / 2}" cy="${b.y + b.height}" rx="${b.width * 0.7}" ry="30" fill="#000" fill-opacity="0.12"/>
      <rect x="${b.x}" y="${b.y + b.height * 0.35}" width="${b.width}" height="${b.height * 0.65}" rx="40" fill="#ffffff"/>
      <rect x="${b.x - 10}" y="${b.y}" width="${b.width + 20}" height="${b.height * 0.38}" rx="30" fill="#2f6f4f"/>`,
    headline: 'Pure Hydration',
    price: '$24.99',
    cta: 'Buy now',
    ink: '#1f4d36',
  },
  {
    name: 'Sports car automotive ad',
    category: 'automotive',
    width: 1600,
    height: 1000,
    background: ['#1b2a41', '#0d0d14'],
    productBox: { x: 330, y: 430, width: 940, height: 330 },
    product: (b) => car(b, '#e63946'),
    headline: 'Drive The Future',
    price: 'From $39,900',
    cta: 'Book a test drive',
    ink: '#ffffff',
  },
  {
    name: 'Family SUV automotive ad',
    category: 'automotive',
    width: 1600,
    height: 1067,
    background: ['#cfe8ff', '#8fb8de'],
    productBox: { x: 360, y: 440, width: 880, height: 360 },
    product: (b) => car(b, '#2a9d8f'),
    headline: 'Room For Everyone',
    price: '$299/month',
    cta: 'Find a dealer',
    ink: '#0d2438',
  },
  {
    name: 'Electric car charging ad',
    category: 'automotive',
    width: 1200,
    height: 1200,
    background: ['#e9f7ef', '#7bd389'],
    productBox: { x: 170, y: 560, width: 860, height: 320 },
    product: (b) => car(b, '#f1faee'),
    headline: 'Zero Emissions',
    price: '400 km range',
    cta: 'Order now',
    ink: '#10331b',
  },
  {
    name: 'Vinyl record music ad',
    category: 'music',
    width: 1200,
    height: 1200,
    background: ['#2b1055', '#7597de'],
    productBox: { x: 350, y: 330, width: 500, height: 500 },
    product: (b) => `
      <circle cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="${b.width / 2}" fill="#111"/>
      <circle cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="${b.width * 0.4}" fill="none" stroke="#333" stroke-width="6"/>
      <circle cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="${b.width * 0.3}" fill="none" stroke="#2a2a2a" stroke-width="6"/>
      <circle cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="${b.width * 0.15}" fill="#ff6b6b"/>
      <circle cx="${b.x + b.width / 2}" cy="${b.y + b.height / 2}" r="10" fill="#111"/>`,
    headline: 'New Album Out',
    price: '$24.99',
    cta: 'Listen now',
    ink: '#ffffff',
  },
];

function car(b: Box, paint: string): string {
  const { x, y, width: w, height: h } = b;
  return `
    <ellipse cx="${x + w / 2}" cy="${y + h}" rx="${w * 0.55}" ry="24" fill="#000" fill-opacity="0.3"/>
    <path d="M ${x} ${y + h * 0.8} L ${x} ${y + h * 0.55} Q ${x + w * 0.05} ${y + h * 0.42} ${x + w * 0.2} ${y + h * 0.4}
      L ${x + w * 0.32} ${y + h * 0.08} Q ${x + w * 0.36} ${y} ${x + w * 0.45} ${y} L ${x + w * 0.68} ${y}
      Q ${x + w * 0.75} ${y} ${x + w * 0.8} ${y + h * 0.1} L ${x + w * 0.9} ${y + h * 0.38}
      Q ${x + w} ${y + h * 0.45} ${x + w} ${y + h * 0.6} L ${x + w} ${y + h * 0.8} Z" fill="${paint}"/>
    <path d="M ${x + w * 0.36} ${y + h * 0.38} L ${x + w * 0.43} ${y + h * 0.1} L ${x + w * 0.56} ${y + h * 0.1} L ${x + w * 0.56} ${y + h * 0.38} Z" fill="#a8dadc" fill-opacity="0.85"/>
    <path d="M ${x + w * 0.6} ${y + h * 0.38} L ${x + w * 0.6} ${y + h * 0.1} L ${x + w * 0.72} ${y + h * 0.1} L ${x + w * 0.82} ${y + h * 0.38} Z" fill="#a8dadc" fill-opacity="0.85"/>
    <circle cx="${x + w * 0.22}" cy="${y + h * 0.8}" r="${h * 0.2}" fill="#111"/>
    <circle cx="${x + w * 0.22}" cy="${y + h * 0.8}" r="${h * 0.09}" fill="#bbb"/>
    <circle cx="${x + w * 0.78}" cy="${y + h * 0.8}" r="${h * 0.2}" fill="#111"/>
    <circle cx="${x + w * 0.78}" cy="${y + h * 0.8}" r="${h * 0.09}" fill="#bbb"/>`;
}

async function renderScene(scene: Scene): Promise<Entry> {
  const { width, height } = scene;
  const scale = Math.min(width, height) / 1200;
  const headline = textPath({
    text: scene.headline,
    x: width / 2,
    y: height * 0.17,
    size: 110 * scale,
    weight: 'bold',
    fill: scene.ink,
    anchor: 'middle',
  });
  const price = textPath({
    text: scene.price,
    x: width / 2,
    y: height * 0.17 + 100 * scale,
    size: 60 * scale,
    weight: 'medium',
    fill: scene.ink,
    anchor: 'middle',
  });
  const ctaWidth = advanceWidth(fonts.medium, scene.cta, 50 * scale) + 90 * scale;
  const ctaY = height - 150 * scale;
  const cta = textPath({
    text: scene.cta,
    x: width / 2,
    y: ctaY + 55 * scale,
    size: 50 * scale,
    weight: 'medium',
    fill: '#ffffff',
    anchor: 'middle',
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.background[0]}"/><stop offset="1" stop-color="${scene.background[1]}"/></linearGradient>
      <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f6c28b"/><stop offset="0.5" stop-color="#fbe3c4"/><stop offset="1" stop-color="#e9a86a"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${scene.product(scene.productBox)}
    ${headline.svg}${price.svg}
    <rect x="${(width - ctaWidth) / 2}" y="${ctaY}" width="${ctaWidth}" height="${80 * scale}" rx="${40 * scale}" fill="#14141f"/>
    ${cta.svg}
  </svg>`;
  const file = `${scene.category}-${slug(scene.name)}.jpg`;
  if (/NaN/.test(svg)) throw new Error(`NaN in the outline of ${file}`);
  await writeJpeg(sharp(Buffer.from(svg)), file);
  return {
    file,
    name: scene.name,
    category: scene.category,
    attribution: null,
    licence: 'Designed for Adtwin (CC0)',
    width,
    height,
    productBox: scene.productBox,
    words: [
      { text: scene.headline, role: 'headline', box: headline.box },
      { text: scene.price, role: 'price', box: price.box },
      { text: scene.cta, role: 'cta', box: cta.box },
    ],
  };
}

async function main() {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(imagesDir, { recursive: true });
  const sources = readSources();
  const entries: Entry[] = [];
  for (const [relative, source] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    const category = relative.split('/')[1]!;
    const input = sharp(path.join(fixturesDir, relative))
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await input.clone().png().toBuffer({ resolveWithObject: true });
    const base = sharp(data);
    const productBox = await findProductBox(base, info.width, info.height);
    const name = source.description.replace(
      /\s*\((render|fitness|wellness|render\/mockup)\)\s*$/,
      '',
    );
    const attribution = attributionFor(source.licence, source.author);
    const file = `${category}-${slug(path.basename(relative, path.extname(relative)))}.jpg`;
    await writeJpeg(base.clone(), file);
    entries.push({
      file,
      name,
      category,
      attribution,
      licence: source.licence,
      width: info.width,
      height: info.height,
      productBox,
      words: [],
    });
    const copy = AD_COPY[relative.replace(/^templates\//, '')];
    if (copy) {
      const overlay = adCopyOverlay({ width: info.width, height: info.height, ...copy });
      if (/NaN/.test(overlay.svg)) throw new Error(`NaN in the outline of ${relative}`);
      const adFile = `${category}-${slug(copy.name)}.jpg`;
      await writeJpeg(
        base.clone().composite([{ input: Buffer.from(overlay.svg), top: 0, left: 0 }]),
        adFile,
      );
      entries.push({
        file: adFile,
        name: copy.name,
        category,
        attribution,
        licence: source.licence,
        width: info.width,
        height: info.height,
        productBox,
        words: overlay.words,
      });
    }
  }
  for (const scene of SCENES) entries.push(await renderScene(scene));
  fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(entries, null, 2) + '\n');
  const bytes = fs
    .readdirSync(imagesDir)
    .reduce((sum, file) => sum + fs.statSync(path.join(imagesDir, file)).size, 0);
  console.log(`${entries.length} templates, ${(bytes / 1e6).toFixed(1)} MB in ${outDir}`);
}

await main();
