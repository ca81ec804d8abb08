import { randomUUID } from 'node:crypto';
import { createAdtwinClient } from './adtwin-client.js';
import type { components } from './adtwin-api.js';

type Generation = components['schemas']['Generation'];

/** Reads the generation's event stream until it is done or failed; returns its last state. */
async function followUntilFinished(options: {
  baseUrl: string;
  apiKey: string;
  id: string;
}): Promise<Generation> {
  // openapi-fetch parses JSON; an event stream is read as text, line by line.
  const response = await fetch(`${options.baseUrl}/api/v1/generations/${options.id}/events`, {
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'text/event-stream' },
  });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  let last: Generation | undefined;
  let buffer = '';
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ')) continue;
      last = JSON.parse(line.slice(6)) as Generation;
      console.log(
        `  ${last.status}: ${last.steps.find((s) => s.status === 'active')?.label ?? ''}`,
      );
    }
  }
  if (!last) throw new Error('the event stream ended without a state');
  return last;
}

/**
 * The whole journey of a script: upload a product photo, pick an official template, start a swap
 * (safe to retry thanks to its Idempotency-Key), follow it, and download the result.
 */
export async function runExample(options: {
  baseUrl: string;
  apiKey: string;
  product: { bytes: Uint8Array; fileName: string };
  replacements?: { toReplace: string; replacement: string }[];
}): Promise<{ generation: Generation; image: Uint8Array }> {
  const api = createAdtwinClient(options);

  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(options.product.bytes)]), options.product.fileName);
  const upload = await api.POST('/api/v1/uploads', {
    // The body is multipart; openapi-fetch sends FormData as it is.
    body: form as unknown as { file: string },
    bodySerializer: (body) => body as unknown as FormData,
  });
  if (!upload.data) throw new Error(`upload: ${upload.error?.error.message}`);
  console.log(`uploaded ${upload.data.name}`);

  const templates = await api.GET('/api/v1/templates', {
    params: { query: { source: 'official', limit: 1 } },
  });
  const template = templates.data?.items[0];
  if (!template?.templateId) throw new Error('no official template to use');
  console.log(`template: ${template.name}`);

  const started = await api.POST('/api/v1/generations/swap', {
    params: { header: { 'idempotency-key': randomUUID() } },
    body: {
      templateId: template.templateId,
      productUploadId: upload.data.id,
      replacements: options.replacements ?? [],
      size: '1024x1024',
    },
  });
  if (!started.data) throw new Error(`swap: ${started.error?.error.message}`);
  console.log(`generation ${started.data.id} queued`);

  const generation = await followUntilFinished({ ...options, id: started.data.id });
  if (generation.status !== 'done') {
    throw new Error(`generation failed: ${generation.error?.message ?? 'unknown'}`);
  }
  const result = await api.GET('/api/v1/generations/{id}/result', {
    params: { path: { id: generation.id }, query: { format: 'png' } },
    parseAs: 'arrayBuffer',
  });
  if (!result.data) throw new Error('result: not available');
  return { generation, image: new Uint8Array(result.data as ArrayBuffer) };
}
