import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFixturesDir } from '../src/config.js';
import { makeTextTemplate, TEXT_TEMPLATES } from '../src/quality/make-text-template.js';

const cli = fileURLToPath(new URL('../scripts/generate-cli.ts', import.meta.url));
const fixtures = resolveFixturesDir();
const work = mkdtempSync(path.join(os.tmpdir(), 'adtwin-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the CLI as a person would, in its own process; never throws on a failing exit. */
async function runCli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: path.dirname(cli), timeout: 100_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('generate-cli', () => {
  it('answers --help on every command with its options', async () => {
    const top = await runCli('--help');
    expect(top.code).toBe(0);
    for (const command of ['swap', 'chat', 'analyze', 'cut-out']) {
      expect(top.stdout).toContain(command);
      const help = await runCli(command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: generate-cli ${command} `);
      expect(help.stdout).toContain('--');
    }
    const swap = await runCli('swap', '-h');
    expect(swap.stdout).toContain('--replace OLD=NEW');
  });

  it('refuses an unknown option or command with the usage and exit code 2', async () => {
    const option = await runCli('cut-out', '--photo', 'x.jpg');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--photo'");
    expect(option.stderr).toContain('Usage: generate-cli cut-out');
    const command = await runCli('enhance');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("Unknown command 'enhance'");
  });

  it('cut-out writes a PNG the size of the photo, the product opaque, the rest transparent', async () => {
    const photo = path.join(fixtures, 'products/ruslan-bardash-351288-unsplash.jpg');
    const out = path.join(work, 'cut.png');
    const run = await runCli('cut-out', '--product', photo, '--out', out);
    expect(run.code).toBe(0);
    const printed = /box x=(\d+) y=(\d+) width=(\d+) height=(\d+)/.exec(run.stdout);
    expect(printed).not.toBeNull();
    const [x, y, width, height] = printed!.slice(1).map(Number) as [number, number, number, number];
    const source = await sharp(photo).metadata();
    const { data, info } = await sharp(readFileSync(out))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([source.width, source.height, 4]);
    const alphaAt = (px: number, py: number) => data[(py * info.width + px) * 4 + 3]!;
    let outsideOpaque = 0;
    let insideOpaque = 0;
    for (let py = 0; py < info.height; py += 1) {
      for (let px = 0; px < info.width; px += 1) {
        const inside = px >= x && px < x + width && py >= y && py < y + height;
        if (alphaAt(px, py) > 0 && !inside) outsideOpaque += 1;
        if (alphaAt(px, py) === 255 && inside) insideOpaque += 1;
      }
    }
    expect(outsideOpaque).toBe(0);
    expect(insideOpaque).toBeGreaterThan(width * height * 0.2);
    expect(alphaAt(0, 0)).toBe(0);
  });

  it("analyze prints the template's product box and its words", async () => {
    const spec = TEXT_TEMPLATES[0]!;
    const template = path.join(work, 'template.png');
    writeFileSync(
      template,
      await makeTextTemplate(
        new Uint8Array(readFileSync(path.join(fixtures, spec.photo))),
        spec.copy,
      ),
    );
    const json = path.join(work, 'analysis.json');
    const run = await runCli('analyze', '--template', template, '--out', json);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/product box x=\d+ y=\d+ width=\d+ height=\d+/);
    expect(run.stdout).toMatch(/line \d+ {2}"Summer"/);
    expect(run.stdout).toMatch(/line \d+ {2}"Sale"/);
    const analysis = JSON.parse(readFileSync(json, 'utf8')) as { words: { text: string }[] };
    expect(analysis.words.map((word) => word.text)).toEqual(
      expect.arrayContaining(['Summer', 'Sale']),
    );
  });
});
