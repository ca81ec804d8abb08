/**
 * Every TanStack Query key of the app, in one place: a key read in one file and invalidated in
 * another cannot drift apart. The first element names the cache area; invalidating a prefix
 * (e.g. `queryKeys.uploads`) refreshes every list under it.
 */
export const queryKeys = {
  account: ['account'] as const,
  credits: ['credits'] as const,
  clientConfig: ['client-config'] as const,
  subscription: ['subscription'] as const,
  apiKeys: ['api-keys'] as const,
  apiKeyDeliveries: (keyId: string) => ['api-keys', keyId, 'deliveries'] as const,
  templateCategories: ['template-categories'] as const,
  templates: (filters: { category: string | null; sort: string; search: string }) =>
    ['templates', filters] as const,
  communityTemplates: ['community-templates'] as const,
  myTemplates: ['my-templates'] as const,
  designs: ['designs'] as const,
  uploads: ['uploads'] as const,
  library: ['library'] as const,
  librarySearch: (search: string) => ['library', search] as const,
  editorTemplate: (ref: { kind: string; id: string | number } | null) =>
    ref ? (['editor-template', ref.kind, ref.id] as const) : (['editor-template', 'none'] as const),
  editorBrowser: (kind: string, filters: { search: string; filter: string }) =>
    ['editor-browser', kind, filters] as const,
  generation: (id: string | null) => ['generation', id] as const,
  generationByNumber: (number: number | null) => ['generation-by-number', number] as const,
  batchGeneration: (id: string | null) => ['batch-generation', id] as const,
  cutOut: (uploadId: string | null) => ['cut-out', uploadId ?? 'none'] as const,
};
