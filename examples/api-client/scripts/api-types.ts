import openapiTS, { astToString } from 'openapi-typescript';

/** The TypeScript types of an OpenAPI document, as `npm run generate` writes them. */
export async function typesFromDocument(document: object): Promise<string> {
  return astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}
