import { PRODUCT_NAME } from '@adtwin/shared';

/** The mark and the product's name; `isCompact` keeps only the mark (named for screen readers). */
export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight"
      data-testid="logo"
    >
      <img src="/favicon.svg" alt={isCompact ? PRODUCT_NAME : ''} className="size-7" />
      {!isCompact && PRODUCT_NAME}
    </span>
  );
}
