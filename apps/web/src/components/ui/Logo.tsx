import { PRODUCT_NAME } from '@adtwin/shared';

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" className="size-7" />
      {PRODUCT_NAME}
    </span>
  );
}
