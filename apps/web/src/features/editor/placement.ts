import type { SwapInput } from '@adtwin/shared';

/** Where the new product goes, in template pixels, and its turn in degrees (clockwise). */
export type Placement = NonNullable<SwapInput['placement']>;

/** Keeps an angle in -180..180, as the API takes it. */
export function normaliseAngle(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return Math.round(turned);
}

/**
 * Where the turned product lands inside its place box, as the engine puts it: as large as fits
 * keeping its proportions, standing on the box's floor, centred across. Returns the product's own
 * (unturned) size and the centre it turns around, in template pixels.
 */
export function fitProduct(
  product: { width: number; height: number },
  placement: Placement,
): { width: number; height: number; centreX: number; centreY: number } {
  const { box } = placement;
  const angle = (placement.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const turnedWidth = product.width * cos + product.height * sin;
  const turnedHeight = product.width * sin + product.height * cos;
  const scale = Math.min(box.width / turnedWidth, box.height / turnedHeight);
  return {
    width: product.width * scale,
    height: product.height * scale,
    centreX: box.x + box.width / 2,
    centreY: box.y + box.height - (turnedHeight * scale) / 2,
  };
}

/** How many images one Create may make (each a credit; the server runs three at a time). */
export const MAX_VARIANTS = 3;

/**
 * The placements of a run of variants: the one shown first, then the product smaller and larger,
 * each standing where the shown one stands (same floor, same centre), kept inside the template.
 */
export function variantPlacements(
  shown: Placement,
  count: number,
  image: { width: number; height: number },
): Placement[] {
  const scales = [1, 0.8, 1.2].slice(0, Math.max(1, Math.min(count, MAX_VARIANTS)));
  return scales.map((scale) => {
    const { box } = shown;
    const width = Math.min(image.width, Math.round(box.width * scale));
    const height = Math.min(image.height, Math.round(box.height * scale));
    const centre = box.x + box.width / 2;
    const floor = box.y + box.height;
    const x = Math.round(Math.min(Math.max(centre - width / 2, 0), image.width - width));
    const y = Math.round(Math.min(Math.max(floor - height, 0), image.height - height));
    return { box: { x, y, width, height }, rotation: shown.rotation };
  });
}
