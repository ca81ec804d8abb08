import { ArrowRight, Plus } from 'lucide-react';
import { cn } from './cn';

/**
 * What the app does, in pictures made by its own engine: a found ad, a product photo, and the same
 * ad with that product (fixture photos and an engine result; credits in SHOWCASE_CREDIT).
 */
const STEPS = {
  template: { src: '/showcase/template.webp', caption: 'The ad you found' },
  product: { src: '/showcase/product.webp', caption: 'Your product' },
  result: { src: '/showcase/result.webp', caption: 'Your ad' },
} as const;

export const SHOWCASE_CREDIT = 'Juice renders: Saleor Commerce / Mirumee Software, CC BY 4.0.';

/** Before and after (and, with `withProduct`, the product between them); decorative. */
export function AdStory({
  withProduct = false,
  className,
}: {
  withProduct?: boolean;
  className?: string;
}) {
  const steps = withProduct
    ? [STEPS.template, STEPS.product, STEPS.result]
    : [STEPS.template, STEPS.result];
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center gap-2', className)}>
      {steps.map((step, index) => (
        <div key={step.src} className="contents">
          {index > 0 &&
            (withProduct && index === 1 ? (
              <Plus className="size-6 shrink-0 text-white" />
            ) : (
              <ArrowRight className="size-6 shrink-0 text-white" />
            ))}
          <figure className="flex min-w-0 flex-1 flex-col items-center gap-2">
            {/* Lazy: the sign-in page hides the story on a phone, where it would only compete
                with the form for the first paint (and a lazy image gets no preload when drawn). */}
            <img
              src={step.src}
              alt=""
              loading="lazy"
              className={cn(
                'aspect-square w-full max-w-56 rounded-xl bg-white object-cover shadow-xl ring-4 ring-white/30',
                step === STEPS.product && 'object-contain p-2',
              )}
            />
            <figcaption className="text-center text-xs font-medium text-white sm:text-sm">
              {step.caption}
            </figcaption>
          </figure>
        </div>
      ))}
    </div>
  );
}
