import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BUCKETS, PUBLIC_BUCKETS, type Bucket } from '@adtwin/shared';
import { COMMUNITY_PREFIX } from '../images/image-paths.js';
import { detectContentType } from './content-type.js';
import { assertValidKey, type ObjectStorage } from './object-storage.js';

export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** SigV4 presigned addresses live at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default adds CRC32 checksums to every request, presigned ones included: a
    // presigned PUT would then carry the checksum of an empty body, which the store refuses (or,
    // in S3-compatible stores, does not know). Checksums only where the operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/**
 * The spec's buckets as top-level folders of one S3 bucket (`<bucket>/<key>`), so a deployment
 * needs one bucket and one policy. Private files are read through presigned GET addresses straight
 * from the store; public official images through the API's permanent `/api/files` address.
 */
export function createS3Storage(options: {
  client: S3Client;
  bucket: string;
  publicBaseUrl?: string;
}): ObjectStorage {
  const { client, bucket: s3Bucket } = options;
  const base = options.publicBaseUrl ?? '';

  function objectKey(bucket: Bucket, key: string): string {
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown bucket: ${bucket}`);
    assertValidKey(key);
    return `${bucket}/${key}`;
  }

  async function listKeys(bucket: Bucket, prefix: string): Promise<string[]> {
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown bucket: ${bucket}`);
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder) assertValidKey(folder);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: s3Bucket,
          Prefix: `${bucket}/${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) keys.push(item.Key.slice(bucket.length + 1));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  return {
    async put({ bucket, key, body, contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3Bucket,
          Key: objectKey(bucket, key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(bucket, key) {
      try {
        const reply = await client.send(
          new GetObjectCommand({ Bucket: s3Bucket, Key: objectKey(bucket, key) }),
        );
        const body = Buffer.from(await reply.Body!.transformToByteArray());
        return { body, contentType: await detectContentType(body) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(bucket, key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3Bucket, Key: objectKey(bucket, key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3Bucket, Key: objectKey(bucket, key) }));
    },
    async deletePrefix(bucket, prefix) {
      const keys = await listKeys(bucket, prefix);
      for (let start = 0; start < keys.length; start += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: s3Bucket,
            Delete: {
              Objects: keys.slice(start, start + 1000).map((key) => ({ Key: `${bucket}/${key}` })),
              Quiet: true,
            },
          }),
        );
      }
      return keys.length;
    },
    list: listKeys,
    async createUrl(bucket, key, ttlSeconds) {
      const fullKey = objectKey(bucket, key);
      if (PUBLIC_BUCKETS.includes(bucket) && !key.startsWith(COMMUNITY_PREFIX)) {
        return `${base}/api/files/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
      }
      return getSignedUrl(client, new GetObjectCommand({ Bucket: s3Bucket, Key: fullKey }), {
        expiresIn: Math.min(Math.max(ttlSeconds, 1), MAX_PRESIGN_SECONDS),
      });
    },
    async createUploadUrl(bucket, key, { contentType, size, ttlSeconds }) {
      // Content-Type and Content-Length are signed headers: the store refuses a body of any other
      // size or declared type, so the limits hold before a byte reaches the server.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: s3Bucket,
          Key: objectKey(bucket, key),
          ContentType: contentType,
          ContentLength: size,
        }),
        {
          expiresIn: Math.min(Math.max(ttlSeconds, 1), MAX_PRESIGN_SECONDS),
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
      return { url, headers: { 'Content-Type': contentType } };
    },
    async browserOrigin() {
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: s3Bucket, Key: 'origin-probe' }),
      );
      return new URL(url).origin;
    },
    async check() {
      const probe = `health/${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket: s3Bucket, Key: probe, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket: s3Bucket, Key: probe }));
    },
  };
}
