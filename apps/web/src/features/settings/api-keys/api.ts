import { api, readJson } from '@/lib/api-client';

export function fetchApiKeys() {
  return readJson(api['api-keys'].$get());
}

/** Resolves with the new key, its secret included: the only time the secret is sent. */
export function createApiKey(name: string) {
  return readJson(api['api-keys'].$post({ json: { name } }));
}

export function revokeApiKey(id: string) {
  return readJson(api['api-keys'][':id'].$delete({ param: { id } }));
}

/** Resolves with the signing secret, sent this once. */
export function setWebhook(id: string, url: string) {
  return readJson(api['api-keys'][':id'].webhook.$put({ param: { id }, json: { url } }));
}

export function removeWebhook(id: string) {
  return readJson(api['api-keys'][':id'].webhook.$delete({ param: { id } }));
}

export function fetchDeliveries(id: string) {
  return readJson(api['api-keys'][':id'].deliveries.$get({ param: { id } }));
}
