import fs from 'node:fs/promises';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where made image variants are kept, by a name that is a hash of source and parameters (so an
 * entry never changes). Local disk in the embedded shape; the object store when several hosts
 * serve images, so a variant made by one is not made again by the next.
 */
export interface VariantCache {
  read(name: string): Promise<Buffer | null>;
  write(name: string, body: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
}

export function createDiskVariantCache(dir: string): VariantCache {
  const fileFor = (name: string) => path.join(dir, name.slice(0, 2), name);
  return {
    read: (name) => fs.readFile(fileFor(name)).catch(() => null),
    async write(name, body) {
      const file = fileFor(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    has: (name) =>
      fs.stat(fileFor(name)).then(
        () => true,
        () => false,
      ),
  };
}

/** Variants under `variants/` of the deployment's S3 bucket, beside the spec's bucket folders. */
export function createS3VariantCache(options: { client: S3Client; bucket: string }): VariantCache {
  const { client, bucket } = options;
  const keyFor = (name: string) => `variants/${name.slice(0, 2)}/${name}`;
  return {
    async read(name) {
      try {
        const reply = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyFor(name) }),
        );
        return Buffer.from(await reply.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    async write(name, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyFor(name), Body: body }));
    },
    async has(name) {
      return client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyFor(name) })).then(
        () => true,
        () => false,
      );
    },
  };
}
