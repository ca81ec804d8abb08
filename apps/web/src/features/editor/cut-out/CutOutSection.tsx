import type { CutOut } from '@adtwin/shared';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Brush } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { UploadedImage } from '@/features/generation';
import { CutOutEditor } from './CutOutEditor';
import { fetchCutOut } from './api';
import { queryKeys } from '@/lib/query-keys';

/** The query of a product's cut-out, shared by the panel and the live preview. */
export function useCutOut(product: UploadedImage | null) {
  return useQuery({
    queryKey: queryKeys.cutOut(product?.id ?? null),
    queryFn: () => fetchCutOut(product!.id),
    enabled: product !== null,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/**
 * The product as the engine will use it, on a checkerboard, right after it is chosen; with
 * Touch up (keep/erase brush) and the warnings to read before a credit is spent.
 */
export function CutOutSection({
  product,
  disabled,
}: {
  product: UploadedImage;
  disabled: boolean;
}) {
  const cutOut = useCutOut(product);
  const [isEditing, setIsEditing] = useState(false);

  return (
    <section aria-labelledby="cut-out-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="cut-out-heading" className="text-sm font-medium text-fg">
          Cut-out
          {cutOut.data?.isTouchedUp && (
            <span className="ml-2 text-xs font-normal text-muted">touched up</span>
          )}
        </h2>
        <Button
          variant="secondary"
          className="h-8 px-3"
          disabled={disabled || !cutOut.data}
          onClick={() => setIsEditing(true)}
        >
          <Brush className="size-4" aria-hidden="true" />
          Touch up
        </Button>
      </div>
      <div
        className="bg-checkerboard flex h-40 items-center justify-center overflow-hidden rounded-xl border border-border"
        data-testid="cut-out-preview"
      >
        {cutOut.data ? (
          <img
            src={cutOut.data.url}
            alt={`The cut-out of ${product.name}`}
            className="max-h-full max-w-full object-contain p-2"
          />
        ) : cutOut.isError ? (
          <p role="alert" className="p-3 text-center text-xs text-danger">
            The cut-out could not be made. Try another photo.
          </p>
        ) : (
          <span className="flex flex-col items-center gap-2 text-xs text-muted">
            <Spinner className="size-5" />
            Cutting out your product…
          </span>
        )}
      </div>
      <CutOutWarnings cutOut={cutOut.data} />
      {cutOut.data && (
        <CutOutEditor
          isOpen={isEditing}
          onOpenChange={setIsEditing}
          product={product}
          cutOut={cutOut.data}
        />
      )}
    </section>
  );
}

function CutOutWarnings({ cutOut }: { cutOut: CutOut | undefined }) {
  if (!cutOut || cutOut.warnings.length === 0) return null;
  return (
    <ul
      className="flex flex-col gap-1.5 rounded-lg bg-warning-soft p-2.5 text-xs text-warning"
      aria-label="Before you create"
      data-testid="cut-out-warnings"
    >
      {cutOut.warnings.map((warning) => (
        <li key={warning.code} className="flex gap-1.5">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>{warning.message}</span>
        </li>
      ))}
    </ul>
  );
}
