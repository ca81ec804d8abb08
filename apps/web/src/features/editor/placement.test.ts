import { describe, expect, it } from 'vitest';
import { fitProduct, normaliseAngle, variantPlacements } from './placement';

describe('fitting the product in its place box', () => {
  it('fills the box as far as its proportions allow, standing on the floor, centred', () => {
    const fit = fitProduct(
      { width: 100, height: 50 },
      { box: { x: 0, y: 0, width: 200, height: 200 }, rotation: 0 },
    );
    expect(fit).toEqual({ width: 200, height: 100, centreX: 100, centreY: 150 });
  });
  it('measures a turned product by what it covers once turned', () => {
    const fit = fitProduct(
      { width: 100, height: 50 },
      { box: { x: 350, y: 100, width: 200, height: 200 }, rotation: 90 },
    );
    expect(fit.width).toBeCloseTo(200);
    expect(fit.height).toBeCloseTo(100);
    expect(fit.centreX).toBeCloseTo(450);
    expect(fit.centreY).toBeCloseTo(200);
  });
  it('keeps angles within a half turn either way', () => {
    expect(normaliseAngle(190)).toBe(-170);
    expect(normaliseAngle(-190)).toBe(170);
    expect(normaliseAngle(45)).toBe(45);
  });
});

describe('variants', () => {
  const image = { width: 1000, height: 800 };
  const shown = { box: { x: 400, y: 300, width: 200, height: 400 }, rotation: 10 };
  it('start with the shown placement, then smaller and larger on the same floor and centre', () => {
    const [first, smaller, larger] = variantPlacements(shown, 3, image);
    expect(first).toEqual(shown);
    expect(smaller).toEqual({ box: { x: 420, y: 380, width: 160, height: 320 }, rotation: 10 });
    expect(larger!.box.width).toBe(240);
    expect(larger!.box.y + larger!.box.height).toBe(700);
    expect(larger!.box.x + larger!.box.width / 2).toBe(500);
  });
  it('stay inside the template and make one to three', () => {
    const tall = { box: { x: 0, y: 0, width: 900, height: 800 }, rotation: 0 };
    const [, , larger] = variantPlacements(tall, 3, image);
    expect(larger!.box).toEqual({ x: 0, y: 0, width: 1000, height: 800 });
    expect(variantPlacements(shown, 1, image)).toHaveLength(1);
    expect(variantPlacements(shown, 9, image)).toHaveLength(3);
  });
});
