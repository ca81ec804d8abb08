import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './adtwin-api.js';

/**
 * A client for Adtwin's public API, typed from its OpenAPI document (`src/adtwin-api.d.ts`, made
 * by `npm run generate`): every path, body and answer below is checked by TypeScript.
 */
export function createAdtwinClient(options: { baseUrl: string; apiKey: string }) {
  const client = createClient<paths>({ baseUrl: options.baseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export type AdtwinClient = ReturnType<typeof createAdtwinClient>;
