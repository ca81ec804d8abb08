import { useEffect, useEffectEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, ImagePlus, Maximize2, RefreshCw, Sparkles } from 'lucide-react';
import { CHAT_MESSAGES, IMAGE_SIZES, chatError, type ImageSize } from '@adtwin/shared';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { variantUrl } from '@/lib/image-url';
import { fetchGeneration, useGeneration, type Generation } from '@/features/generation';
import type { AiChatMessage, ChatImage, UserChatMessage } from './chat-state';
import { queryKeys } from '@/lib/query-keys';

const ASPECT: Record<ImageSize, string> = {
  [IMAGE_SIZES.square]: 'aspect-square',
  [IMAGE_SIZES.portrait]: 'aspect-[2/3]',
  [IMAGE_SIZES.landscape]: 'aspect-[3/2]',
};

export function UserBubble({ message }: { message: UserChatMessage }) {
  const images: (ChatImage & { isInput?: boolean })[] = [
    ...(message.selectedInputImage ? [{ ...message.selectedInputImage, isInput: true }] : []),
    ...message.uploadedImages,
  ];
  return (
    <li className="flex justify-end" data-testid="user-message">
      <div className="flex max-w-[85%] flex-col items-end gap-1.5 sm:max-w-[70%]">
        <span className="sr-only">You said:</span>
        {images.length > 0 && (
          <ul className="flex flex-wrap justify-end gap-1.5" aria-label="Attached images">
            {images.map((image) => (
              <li key={image.uploadId} className="relative">
                <img
                  src={variantUrl(image.url, { width: 256, height: 256 })}
                  alt={image.isInput ? `Input image ${image.name}` : image.name}
                  className="size-20 rounded-xl border border-border object-cover sm:size-24"
                />
                {image.isInput && (
                  <span className="absolute bottom-1 left-1 rounded bg-black/60 px-1 text-[10px] font-medium text-white">
                    Input
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {message.content && (
          <p className="rounded-2xl rounded-br-md bg-accent px-3.5 py-2 text-sm whitespace-pre-wrap text-accent-fg [overflow-wrap:anywhere]">
            {message.content}
          </p>
        )}
        <MessageTime timestamp={message.timestamp} />
      </div>
    </li>
  );
}

/**
 * The assistant's answer: it follows its job while it runs (server-sent events), then shows the
 * image and its actions, or the error as 'Error: ...'.
 */
export function AssistantBubble({
  message,
  isSelectedAsInput,
  isSelecting,
  onSettled,
  onRegenerate,
  onDownload,
  onSelectAsInput,
  onExpand,
}: {
  message: AiChatMessage;
  isSelectedAsInput: boolean;
  isSelecting: boolean;
  onSettled: (outcome: { status: 'done' } | { status: 'failed'; error: string }) => void;
  onRegenerate: () => void;
  onDownload: (generation: Generation) => void;
  onSelectAsInput: (generation: Generation) => void;
  onExpand: (generation: Generation) => void;
}) {
  const isGenerating = message.status === 'generating';
  const live = useGeneration(isGenerating ? message.generationId : null);
  // A finished answer (after a reload or a regenerate elsewhere) reads its job once.
  const settled = useQuery({
    queryKey: queryKeys.generation(message.generationId),
    queryFn: () => fetchGeneration(message.generationId!),
    enabled: message.status === 'done' && message.generationId !== null,
    staleTime: 10 * 60_000,
  });
  const generation = live ?? settled.data;
  const reportSettled = useEffectEvent(onSettled);

  useEffect(() => {
    if (!isGenerating || !live) return;
    if (live.status === 'done') reportSettled({ status: 'done' });
    if (live.status === 'failed') {
      const fallback = message.isRegeneration
        ? CHAT_MESSAGES.regenerateFailed
        : CHAT_MESSAGES.generateFailed;
      reportSettled({ status: 'failed', error: chatError(live.error?.message || fallback) });
    }
  }, [isGenerating, live, message.isRegeneration]);

  const result = message.status === 'done' ? generation?.result : null;
  const activeStep = live?.steps.find((step) => step.status === 'active');

  return (
    <li className="flex justify-start" data-testid="assistant-message">
      <div className="flex w-full max-w-[85%] gap-2.5 sm:max-w-[70%]">
        <span
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent"
          aria-hidden="true"
        >
          <Sparkles className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <span className="sr-only">Adtwin answered:</span>
          {isGenerating && (
            <>
              <p className="flex items-center gap-2 text-sm text-fg" role="status">
                <Spinner className="size-4 text-accent" />
                {CHAT_MESSAGES.creating}
              </p>
              <Skeleton className={cn('w-full max-w-sm rounded-2xl', ASPECT[message.imageSize])} />
              {activeStep && (
                <p className="text-xs text-muted" aria-hidden="true">
                  {activeStep.label}
                </p>
              )}
            </>
          )}
          {message.status === 'error' && (
            <p
              role="alert"
              className="rounded-2xl rounded-bl-md border border-danger/30 bg-danger-soft px-3.5 py-2 text-sm text-danger"
            >
              {message.error}
            </p>
          )}
          {message.status === 'done' && (
            <>
              <p className="text-sm text-fg">{CHAT_MESSAGES.created}</p>
              {/* The engine's own word on what it made (the local engine says what it understood). */}
              {generation?.note && <p className="text-xs text-muted">{generation.note}</p>}
              {result ? (
                <div
                  className={cn(
                    'relative w-full max-w-sm overflow-hidden rounded-2xl border bg-surface-2',
                    ASPECT[message.imageSize],
                    isSelectedAsInput ? 'border-accent ring-2 ring-accent' : 'border-border',
                  )}
                >
                  <img
                    src={result.url}
                    alt={`Created image for: ${message.request.prompt || 'your images'}`}
                    className="h-full w-full object-cover"
                  />
                  {isSelectedAsInput && (
                    <span className="absolute top-2 left-2 rounded-md bg-accent px-1.5 py-0.5 text-[11px] font-medium text-accent-fg">
                      Input image
                    </span>
                  )}
                </div>
              ) : (
                <Skeleton
                  className={cn('w-full max-w-sm rounded-2xl', ASPECT[message.imageSize])}
                />
              )}
            </>
          )}
          {message.status !== 'generating' && (
            <div className="flex flex-wrap gap-1" role="group" aria-label="Image actions">
              <ActionButton icon={RefreshCw} label="Regenerate" onClick={onRegenerate} />
              {generation && result && (
                <>
                  <ActionButton
                    icon={Download}
                    label="Download"
                    onClick={() => onDownload(generation)}
                  />
                  <ActionButton
                    icon={ImagePlus}
                    label="Select as Input Image"
                    isPressed={isSelectedAsInput}
                    isBusy={isSelecting}
                    onClick={() => onSelectAsInput(generation)}
                  />
                  <ActionButton
                    icon={Maximize2}
                    label="Expand Image"
                    onClick={() => onExpand(generation)}
                  />
                </>
              )}
            </div>
          )}
          <MessageTime timestamp={message.timestamp} />
        </div>
      </div>
    </li>
  );
}

function MessageTime({ timestamp }: { timestamp: number }) {
  const date = new Date(timestamp);
  return (
    <time className="text-[11px] text-muted" dateTime={date.toISOString()}>
      {date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

function ActionButton({
  icon: Icon,
  label,
  onClick,
  isPressed,
  isBusy,
}: {
  icon: typeof Download;
  label: string;
  onClick: () => void;
  isPressed?: boolean;
  isBusy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isPressed}
      disabled={isBusy}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-xs font-medium transition-colors disabled:opacity-50',
        isPressed
          ? 'border-accent bg-accent-soft text-accent'
          : 'border-border bg-surface text-fg hover:bg-surface-2',
      )}
    >
      {isBusy ? <Spinner className="size-3.5" /> : <Icon className="size-3.5" aria-hidden="true" />}
      {label}
    </button>
  );
}
