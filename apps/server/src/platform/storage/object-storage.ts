import type { Bucket } from '@adtwin/shared';

export type StoredFile = { body: Buffer; contentType: string };

/**
 * Where files live. Keys are `/`-separated paths inside a bucket, always under the owner's user id
 * for private buckets. Adapters: local disk (embedded default) and S3-compatible stores (scaled).
 */
export interface ObjectStorage {
  put(options: { bucket: Bucket; key: string; body: Buffer; contentType: string }): Promise<void>;
  /** The file, or null when it does not exist. */
  get(bucket: Bucket, key: string): Promise<StoredFile | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Removes every key starting with `prefix` (an owner's folder); returns how many went. */
  deletePrefix(bucket: Bucket, prefix: string): Promise<number>;
  /** Keys under a prefix, for clean-up and tests. */
  list(bucket: Bucket, prefix: string): Promise<string[]>;
  /** An address the browser can load for `ttlSeconds` (public buckets: a permanent one). */
  createUrl(bucket: Bucket, key: string, ttlSeconds: number): Promise<string>;
  /**
   * A presigned address the browser PUTs one file to, straight into the store; the store itself
   * refuses any other size or content type. Absent where files only arrive through the API (local
   * disk).
   */
  createUploadUrl?(
    bucket: Bucket,
    key: string,
    options: { contentType: string; size: number; ttlSeconds: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** The origin browsers load the store's addresses from, for the page's CSP (absent: the API's). */
  browserOrigin?(): Promise<string>;
  /** Throws when the store cannot be written; used by /api/health. */
  check(): Promise<void>;
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,199}$/;

/** Keys are built by the server, but checked anyway: no traversal, no odd characters. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length > 512 ||
    segments.length > 8 ||
    !segments.every((s) => KEY_SEGMENT.test(s) && s !== '..')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
