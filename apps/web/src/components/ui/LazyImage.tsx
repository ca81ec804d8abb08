import { useEffect, useRef, useState } from 'react';
import { ImageOff } from 'lucide-react';
import { BROWSE_MESSAGES, LAZY_IMAGE_MARGIN_PX } from '@adtwin/shared';
import { cn } from './cn';

export type LazyImageProps = {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  className?: string;
  imgClassName?: string;
  /** 'contain' shows the whole picture in the box (ads: a crop would cut their copy). */
  fit?: 'cover' | 'contain';
  /**
   * 'eager': in view when the page opens (the first cards, the category strip), so it loads at
   * once instead of one observer callback later; 'high' also goes ahead of the other images (the
   * page's largest paint). Default 'lazy'.
   */
  priority?: 'lazy' | 'eager' | 'high';
};

/**
 * An image that starts loading 50 px before it scrolls into view (the browser's own lazy loading
 * starts far earlier and would fetch rows nobody sees), with a placeholder while it loads and the
 * spec's text in its box when it fails.
 */
export function LazyImage({
  src,
  srcSet,
  sizes,
  alt,
  className,
  imgClassName,
  fit = 'cover',
  priority = 'lazy',
}: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // Drawn on the server (no window), a lazy image is its placeholder until the browser sees it;
  // a browser without IntersectionObserver loads it at once.
  const [isNear, setIsNear] = useState(
    () =>
      priority !== 'lazy' ||
      (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined'),
  );
  // The outcome belongs to one address: a new src starts loading again without an effect.
  const [outcome, setOutcome] = useState<{ src: string; state: 'loaded' | 'failed' } | null>(null);
  const state = outcome?.src === src ? outcome.state : 'loading';

  useEffect(() => {
    const box = boxRef.current;
    if (!box || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [isNear]);

  return (
    <div ref={boxRef} className={cn('relative overflow-hidden bg-surface-2', className)}>
      {state === 'loading' && (
        <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-surface-2" />
      )}
      {state === 'failed' ? (
        <div
          role="img"
          aria-label={alt}
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted"
        >
          <ImageOff className="size-5" aria-hidden="true" />
          <span>{BROWSE_MESSAGES.imageLoadFailed}</span>
        </div>
      ) : (
        isNear && (
          <img
            src={src}
            srcSet={srcSet}
            sizes={sizes}
            alt={alt}
            loading={priority === 'lazy' ? undefined : 'eager'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding={priority === 'lazy' ? 'async' : 'auto'}
            onLoad={() => setOutcome({ src, state: 'loaded' })}
            onError={() => setOutcome({ src, state: 'failed' })}
            className={cn(
              // Positioned, so it paints over the placeholder as soon as it is decoded, also in
              // a page the server drew, where no load event removes the placeholder.
              'relative h-full w-full',
              fit === 'contain' ? 'object-contain' : 'object-cover',
              // What scrolls into view fades in; what is in view as the page opens shows the
              // moment it is decoded (a fade would hold back the page's largest paint).
              priority === 'lazy' &&
                cn(
                  'transition-opacity duration-200',
                  state === 'loaded' ? 'opacity-100' : 'opacity-0',
                ),
              imgClassName,
            )}
          />
        )
      )}
    </div>
  );
}
