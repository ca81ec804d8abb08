import type { ReactNode } from 'react';
import { LazyImage } from '@/components/ui/LazyImage';
import { variantSrcSet, variantUrl } from '@/lib/image-url';

const SIZES = '(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw';

/** A square thumbnail with a caption; clicking the picture calls `onOpen` when given. */
export function ImageTile({
  url,
  name,
  onOpen,
  children,
}: {
  url: string;
  name: string;
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const image = (
    <LazyImage
      src={variantUrl(url, { width: 320, height: 320 })}
      srcSet={variantSrcSet(url, { maxWidth: 640, aspect: 1 })}
      sizes={SIZES}
      alt={name}
      className="aspect-square w-full"
    />
  );
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm"
      data-testid="image-tile"
    >
      {onOpen ? (
        <button type="button" onClick={onOpen} aria-label={`Open ${name}`} className="block">
          {image}
        </button>
      ) : (
        image
      )}
      <div className="flex flex-col gap-2 p-3">
        {children ?? (
          <p className="line-clamp-1 text-sm text-fg" title={name}>
            {name}
          </p>
        )}
      </div>
    </li>
  );
}
