import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-signed file addresses for the local-disk store. The signature covers bucket, key and expiry,
 * so changing any of them (or the clock running past the expiry) makes the address worthless.
 */
export function createUrlSigner(secret: string) {
  const signingKey = createHmac('sha256', secret).update('adtwin:file-urls').digest();

  function sign(bucket: string, key: string, expires: number): string {
    return createHmac('sha256', signingKey)
      .update(`${bucket}\n${key}\n${expires}`)
      .digest('base64url');
  }

  return {
    sign,
    /** True only for an untampered, unexpired signature. */
    verify(options: {
      bucket: string;
      key: string;
      expires: string | undefined;
      signature: string | undefined;
      now?: number;
    }): boolean {
      const { bucket, key, expires, signature } = options;
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = Number(expires);
      const now = Math.floor((options.now ?? Date.now()) / 1000);
      if (expiresAt < now) return false;
      const expected = Buffer.from(sign(bucket, key, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
