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
