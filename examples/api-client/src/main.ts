import fs from 'node:fs';
import path from 'node:path';
import { runExample } from './run-example.js';

// ADTWIN_API_KEY=adt_... ADTWIN_URL=http://localhost:3000 npm start -- product.png
const apiKey = process.env.ADTWIN_API_KEY;
const baseUrl = process.env.ADTWIN_URL ?? 'http://localhost:3000';
const productPath = process.argv[2];
if (!apiKey || !productPath) {
  console.error('Usage: ADTWIN_API_KEY=adt_... [ADTWIN_URL=...] npm start -- <product image>');
  process.exit(1);
}
const { generation, image } = await runExample({
  baseUrl,
  apiKey,
  product: { bytes: fs.readFileSync(productPath), fileName: path.basename(productPath) },
});
const out = `adtwin-${generation.number}.png`;
fs.writeFileSync(out, image);
console.log(`saved ${out}`);
