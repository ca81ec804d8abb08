import zlib from 'node:zlib';
import sharp from 'sharp';

/** A real image of the given size and colour, encoded as asked. */
export async function makeImage(
  options: {
    width?: number;
    height?: number;
    format?: 'png' | 'jpeg' | 'webp';
    colour?: string;
  } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: options.colour ?? '#3366cc',
    },
  });
  const format = options.format ?? 'png';
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg().toBuffer()
      : image.webp().toBuffer();
}

export function imageForm(bytes: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], fileName));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/**
 * A valid PNG of `width` x `height` black 1-bit pixels: a few hundred kilobytes on disk that
 * would take gigabytes once decoded (a "pixel bomb").
 */
export function makePixelBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
