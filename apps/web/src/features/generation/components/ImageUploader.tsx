import { useId, useRef, useState, type DragEvent } from 'react';
import { ImageOff, ImagePlus, X } from 'lucide-react';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { isAllowedImageFile } from '@/lib/upload-rules';
import type { UploadedImage } from '../api';
import { useUploadImage } from '../mutations';

/**
 * Choose or drop one image; it is put in the person's library at once, so a reload or another
 * design can use it again. The type rule is checked here for a quick answer and again, from the
 * bytes, on the server.
 */
export function ImageUploader({
  label,
  value,
  onChange,
  disabled = false,
  className,
}: {
  label: string;
  value: UploadedImage | null;
  onChange: (upload: UploadedImage | null) => void;
  disabled?: boolean;
  className?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadImage();
  const isUploading = upload.isPending;
  const [isDragging, setIsDragging] = useState(false);
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);

  async function accept(file: File | undefined) {
    if (!file) return;
    if (!isAllowedImageFile(file)) return setError(BROWSE_MESSAGES.uploadTypes);
    setError(null);
    try {
      onChange(await upload.mutateAsync(file));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'Upload failed. Please try again.');
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) void accept(event.dataTransfer.files[0]);
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={drop}
        className={cn(
          'relative flex min-h-32 items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-surface-2 transition-colors',
          isDragging ? 'border-accent bg-accent-soft' : 'border-border',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        )}
      >
        {value ? (
          previewFailed === value.url ? (
            <ImageOff className="size-8 text-muted" aria-label={BROWSE_MESSAGES.imageLoadFailed} />
          ) : (
            <img
              src={value.url}
              alt={`${label}: ${value.name}`}
              onError={() => setPreviewFailed(value.url)}
              className="max-h-48 w-full object-contain"
            />
          )
        ) : (
          <span className="flex flex-col items-center gap-1 p-4 text-center text-sm text-muted">
            {isUploading ? (
              <Spinner className="size-6" />
            ) : (
              <ImagePlus className="size-6" aria-hidden="true" />
            )}
            {isUploading ? 'Uploading…' : 'Drop an image or click to choose'}
            <span className="text-xs">PNG, JPEG or WebP</span>
          </span>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
          disabled={disabled || isUploading}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => void accept(event.target.files?.[0])}
          className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        {value && !disabled && (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Remove ${label.toLowerCase()}`}
            className="absolute top-2 right-2 z-10 rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {value && <p className="truncate text-xs text-muted">{value.name}</p>}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
