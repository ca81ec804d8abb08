import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine, createProvider, cutOutProduct, EngineError } from '../src/index.js';
import { resolveFixturesDir } from '../src/config.js';

const fixtures = resolveFixturesDir();
const read = (relative: string) => new Uint8Array(readFileSync(path.join(fixtures, relative)));

afterAll(() => closeEngine());

describe('local provider', () => {
  const provider = createProvider();

  it('swaps a product into a template at each exact output size and reports steps', async () => {
    const template = read('templates/home/charles-deluvio-695736-unsplash.jpg');
    const product = read('products/saleor-mighty-mug.png');
    for (const size of ['1024x1024', '1024x1536', '1536x1024'] as const) {
      const steps: string[] = [];
      const result = await provider.swap(
        { template, product, size },
        { onStep: (step) => step.ms === undefined && steps.push(step.name) },
      );
      const meta = await sharp(result.png).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(size);
      expect(meta.format).toBe('png');
      expect(steps).toEqual(expect.arrayContaining(['cut-out', 'remove-product', 'place-product']));
    }
  });

  it('cuts out a product photographed on a plain background, leaving the background out', async () => {
    const cutOut = await cutOutProduct(read('products/ruslan-bardash-351288-unsplash.jpg'));
    expect(cutOut.method).toBe('model');
    const { data, info } = await sharp(cutOut.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const corners = [0, info.width - 1, (info.height - 1) * info.width].map((i) => data[i * 4 + 3]);
    expect(corners.every((alpha) => alpha === 0)).toBe(true);
  });

  it("hands back the template's saliency map once, and with it stored makes the same picture", async () => {
    const request = {
      template: read('templates/home/charles-deluvio-695736-unsplash.jpg'),
      product: read('products/saleor-mighty-mug.png'),
      productCutOut: await cutOutProduct(read('products/saleor-mighty-mug.png')),
      size: '1024x1024' as const,
    };
    const first = await provider.swap({ ...request });
    expect(first.templateSaliency).toBeInstanceOf(Uint8Array);
    const map = await sharp(first.templateSaliency!).metadata();
    expect([map.format, map.width, map.height, map.channels]).toEqual(['png', 1024, 1024, 1]);

    const again = await provider.swap({ ...request, templateSaliency: first.templateSaliency! });
    expect(again.templateSaliency).toBeUndefined();
    expect(Buffer.from(again.png).equals(Buffer.from(first.png))).toBe(true);

    // A damaged stored map is no map: the model runs and its map comes back to be stored.
    const damaged = await provider.swap({ ...request, templateSaliency: new Uint8Array([1, 2]) });
    expect(damaged.templateSaliency).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(damaged.png).equals(Buffer.from(first.png))).toBe(true);
  });

  it('says in its note which words it could not find', async () => {
    const result = await provider.swap({
      template: read('templates/home/charles-deluvio-695736-unsplash.jpg'),
      product: read('products/solidus_hat.png'),
      replacements: [{ toReplace: 'Clearance', replacement: 'New' }],
      size: '1024x1024',
    });
    expect(result.note).toContain("Not found in the template: 'Clearance'");
  });

  it('is cancelled through its signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const request = {
      template: read('templates/home/charles-deluvio-695736-unsplash.jpg'),
      product: read('products/saleor-mighty-mug.png'),
      size: '1024x1024' as const,
    };
    await expect(provider.swap(request, { signal: controller.signal })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('rejects unreadable images and too many replacements as bad input', async () => {
    const bad = provider.swap({
      template: new Uint8Array([1, 2, 3]),
      product: new Uint8Array([4]),
      size: '1024x1024',
    });
    await expect(bad).rejects.toBeInstanceOf(EngineError);
    await expect(bad).rejects.toMatchObject({ code: 'bad_input' });
    const replacements = Array.from({ length: 6 }, (_, i) => ({
      toReplace: `w${i}`,
      replacement: 'x',
    }));
    await expect(
      provider.swap({
        template: read('templates/home/charles-deluvio-695736-unsplash.jpg'),
        product: read('products/saleor-mighty-mug.png'),
        replacements,
        size: '1024x1024',
      }),
    ).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('composes a chat answer and says what it understood', async () => {
    const result = await provider.chat({
      prompt: 'A navy and blue poster with the mug on the left, headline "Fresh Brew"',
      references: [read('products/saleor-mighty-mug.png')],
      size: '1024x1536',
    });
    const meta = await sharp(result.png).metadata();
    expect(`${meta.width}x${meta.height}`).toBe('1024x1536');
    expect(result.note).toContain('navy');
    expect(result.note).toContain('Fresh Brew');
    expect(result.note).toContain('left');
  });

  it('answers a message of images alone, and takes a flat one-colour image whole', async () => {
    const flat = new Uint8Array(
      await sharp({
        create: { width: 96, height: 96, channels: 3, background: { r: 51, g: 102, b: 204 } },
      })
        .png()
        .toBuffer(),
    );
    const cutOut = await cutOutProduct(flat);
    expect(cutOut.box).toEqual({ x: 0, y: 0, width: 96, height: 96 });
    const result = await provider.chat({ prompt: '  ', references: [flat], size: '1024x1024' });
    expect((await sharp(result.png).metadata()).width).toBe(1024);
    await expect(provider.chat({ prompt: ' ', size: '1024x1024' })).rejects.toMatchObject({
      code: 'bad_input',
    });
  });
});
