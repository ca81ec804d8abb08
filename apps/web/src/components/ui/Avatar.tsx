import { useState } from 'react';
import { cn } from './cn';

/** A round picture, or initials on a gradient when there is none or it fails to load. */
export function Avatar({
  imageUrl,
  name,
  gradient,
  className,
}: {
  imageUrl: string | null | undefined;
  name: string;
  gradient: readonly [string, string];
  className?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || 'U';
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold text-white',
        className,
      )}
      style={{ backgroundImage: `linear-gradient(135deg, ${gradient[0]}, ${gradient[1]})` }}
      aria-hidden="true"
    >
      {imageUrl && !hasFailed ? (
        <img
          src={imageUrl}
          alt=""
          className="size-full object-cover"
          onError={() => setHasFailed(true)}
        />
      ) : (
        initial
      )}
    </span>
  );
}
