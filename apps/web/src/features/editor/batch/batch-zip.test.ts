import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BatchDownloadError, batchEntryName, batchZipName, buildBatchZip } from './batch-zip';

describe('names in the batch zip', () => {
  it('starts with the place in the batch, so the files sort as the grid shows them', () => {
    expect(batchEntryName({ position: 0, templateName: 'Summer Sale' })).toBe('01 Summer Sale.png');
    expect(batchEntryName({ position: 11, templateName: 'Coffee' })).toBe('12 Coffee.png');
  });

  it('keeps two templates of the same name apart and cleans what a file system refuses', () => {
    const names = [0, 1].map((position) =>
      batchEntryName({ position, templateName: 'Mug / Cup: "50% off"' }),
    );
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).not.toMatch(/[/\\:"%]/);
  });

  it('falls back to a general name when nothing usable is left', () => {
    expect(batchEntryName({ position: 2, templateName: '' })).toBe('03 template.png');
    expect(batchZipName(null)).toBe('adtwin batch.zip');
    expect(batchZipName('red mug.png')).toBe('red mug batch.zip');
  });
});

describe('building the zip', () => {
  it('holds each finished image under its name, byte for byte', async () => {
    const images: Record<string, Uint8Array<ArrayBuffer>> = {
      a: new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
      b: new Uint8Array([137, 80, 78, 71, 4, 5, 6, 7]),
    };
    const asked: string[] = [];
    const zip = await buildBatchZip(
      [
        { position: 0, templateName: 'First', generationId: 'a' },
        { position: 3, templateName: 'Fourth', generationId: 'b' },
      ],
      async (id) => {
        asked.push(id);
        return new Response(images[id]!);
      },
    );
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['01 First.png', '04 Fourth.png']);
    expect(files['01 First.png']).toEqual(images.a);
    expect(files['04 Fourth.png']).toEqual(images.b);
    expect(asked).toEqual(['a', 'b']);
  });

  it("says the server's status when an image cannot be fetched", async () => {
    const failure = await buildBatchZip(
      [{ position: 0, templateName: 'Gone', generationId: 'x' }],
      async () => new Response('no', { status: 404 }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BatchDownloadError);
    expect(failure).toMatchObject({ message: 'Failed to download image. Status: 404' });
  });
});
