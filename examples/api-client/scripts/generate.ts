import fs from 'node:fs';
import { typesFromDocument } from './api-types.js';

// Rewrites src/adtwin-api.d.ts from a running server's document (ADTWIN_URL, default localhost:3000).
const baseUrl = process.env.ADTWIN_URL ?? 'http://localhost:3000';
const response = await fetch(`${baseUrl}/api/openapi.json`);
if (!response.ok) throw new Error(`${baseUrl}/api/openapi.json answered ${response.status}`);
fs.writeFileSync(
  new URL('../src/adtwin-api.d.ts', import.meta.url),
  await typesFromDocument((await response.json()) as object),
);
console.log('wrote src/adtwin-api.d.ts');
