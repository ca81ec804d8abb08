import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { S3Settings } from '../src/platform/storage/s3-storage.js';

type S3rverInstance = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};
const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as new (options: object) => S3rverInstance;

// s3rver 4 signs bucket-level requests (list, multi-delete) over `/bucket`, while AWS and the v3
// SDK use the request's real path `/bucket/`; it would refuse every correct signature there.
const signatureV4 = require('@20minutes/s3rver/lib/signature/v4.js') as {
  getStringToSign: (canonical: { uri: string }, request: unknown) => string;
};
const signBucketPathAsSent = signatureV4.getStringToSign;
if (!(signBucketPathAsSent as { fixed?: boolean }).fixed) {
  const fixed = (canonical: { uri: string }, request: unknown) =>
    signBucketPathAsSent(
      /^\/[^/]+$/.test(canonical.uri) ? { ...canonical, uri: `${canonical.uri}/` } : canonical,
      request,
    );
  signatureV4.getStringToSign = Object.assign(fixed, { fixed: true });
}

/** A bucket's CORS rules: pages of these origins may GET its objects and PUT new ones. */
function corsConfiguration(origins: string[]) {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * An S3-compatible server (s3rver) in this process on a free port (or `port`), with one fresh
 * bucket in a fresh folder; `stop` closes it and removes the folder. `corsOrigins`: pages that
 * talk to the bucket themselves (a browser's uploads and downloads).
 */
export async function startS3Server(options: { port?: number; corsOrigins?: string[] } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-s3-'));
  const bucket = `adtwin-test-${randomUUID().slice(0, 8)}`;
  const server = new S3rver({
    port: options.port ?? 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [
      {
        name: bucket,
        configs: options.corsOrigins ? [corsConfiguration(options.corsOrigins)] : [],
      },
    ],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    /** The variables that select this store, for a server started with an environment. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
