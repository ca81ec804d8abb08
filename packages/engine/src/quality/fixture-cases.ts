import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveFixturesDir } from '../config.js';

const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Fixture templates and products, as paths relative to the fixtures folder, sorted. */
export function listFixtures(dir = resolveFixturesDir()): {
  templates: string[];
  products: string[];
} {
  const templates = readdirSync(path.join(dir, 'templates'), { recursive: true, encoding: 'utf8' })
    .filter((file) => IMAGE.test(file))
    .map((file) => path.join('templates', file))
    .sort();
  const products = readdirSync(path.join(dir, 'products'))
    .filter((file) => IMAGE.test(file))
    .map((file) => path.join('products', file))
    .sort();
  return { templates, products };
}

export function readFixture(relative: string, dir = resolveFixturesDir()): Uint8Array {
  return new Uint8Array(readFileSync(path.join(dir, relative)));
}
