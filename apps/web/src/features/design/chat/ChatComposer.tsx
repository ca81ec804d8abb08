import { useId, useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import {
  ArrowUp,
  Images,
  Paperclip,
  RectangleHorizontal,
  RectangleVertical,
  Square,
  Upload,
  X,
} from 'lucide-react';
import {
  IMAGE_SIZES,
  MIN_PROMPT_LENGTH,
  PROMPT_MAX_HEIGHT_PX,
  PROMPT_MAX_LENGTH,
  promptDecision,
  type ImageSize,
} from '@adtwin/shared';
import { CharacterCounter } from '@/components/ui/CharacterCounter';
import { Menu, MenuItem, MenuRadioGroup } from '@/components/ui/Menu';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import type { ChatImage } from './chat-state';

export type Attachment = {
  key: string;
  name: string;
  previewUrl: string;
  /** Null while the file is still going up to the library. */
  image: ChatImage | null;
};

export const SIZE_OPTIONS = [
  { value: IMAGE_SIZES.square, label: 'Square', icon: Square },
  { value: IMAGE_SIZES.portrait, label: 'Portrait', icon: RectangleVertical },
  { value: IMAGE_SIZES.landscape, label: 'Landscape', icon: RectangleHorizontal },
] as const;

const ACCEPT = 'image/webp,image/png,image/jpeg,.webp,.png,.jpg,.jpeg';

/**
 * The prompt box and its tools. Enter sends, Shift+Enter starts a new line; the box grows with
 * its text up to 240 px. Without images a prompt needs 10 characters; an empty one is ignored.
 */
export function ChatComposer({
  prompt,
  onPromptChange,
  size,
  onSizeChange,
  attachments,
  inputImage,
  onRemoveAttachment,
  onClearInput,
  onPickFiles,
  onOpenLibrary,
  onSend,
  isBusy,
  freeSlots,
  onLimitReached,
}: {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  size: ImageSize;
  onSizeChange: (size: ImageSize) => void;
  attachments: Attachment[];
  inputImage: ChatImage | null;
  onRemoveAttachment: (key: string) => void;
  onClearInput: () => void;
  /** Files chosen in the picker, before any check. */
  onPickFiles: (files: File[]) => void;
  onOpenLibrary: () => void;
  onSend: () => void;
  isBusy: boolean;
  /** How many more images the message may carry; none left refuses before the picker opens. */
  freeSlots: number;
  onLimitReached: () => void;
}) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const isUploading = attachments.some((attachment) => !attachment.image);
  const imageCount = attachments.length + (inputImage ? 1 : 0);
  const decision = promptDecision(prompt, imageCount);
  const canSend = decision === 'send' && !isUploading && !isBusy;
  const sizeOption = SIZE_OPTIONS.find((option) => option.value === size) ?? SIZE_OPTIONS[0];

  // Grow with the text: measure from auto height each time, up to the spec's 240 px.
  useLayoutEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, PROMPT_MAX_HEIGHT_PX)}px`;
    box.style.overflowY = box.scrollHeight > PROMPT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [prompt]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onPickFiles(files);
  }

  return (
    <div className="rounded-2xl border border-border bg-surface p-2 shadow-sm focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/30">
      {(inputImage || attachments.length > 0) && (
        <ul className="flex flex-wrap gap-2 p-1 pb-2" aria-label="Images for the next message">
          {inputImage && (
            <Chip
              name={inputImage.name}
              previewUrl={inputImage.url}
              badge="Input"
              removeLabel={`Remove input image ${inputImage.name}`}
              onRemove={onClearInput}
            />
          )}
          {attachments.map((attachment) => (
            <Chip
              key={attachment.key}
              name={attachment.name}
              previewUrl={attachment.previewUrl}
              isUploading={!attachment.image}
              removeLabel={`Remove ${attachment.name}`}
              onRemove={() => onRemoveAttachment(attachment.key)}
            />
          ))}
        </ul>
      )}
      <label htmlFor={`${hintId}-prompt`} className="sr-only">
        Message
      </label>
      <textarea
        id={`${hintId}-prompt`}
        ref={textareaRef}
        rows={1}
        value={prompt}
        onChange={(event) => onPromptChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={PROMPT_MAX_LENGTH}
        placeholder="Describe the image you want…"
        aria-describedby={hintId}
        style={{ maxHeight: PROMPT_MAX_HEIGHT_PX }}
        className="block w-full resize-none bg-transparent px-2 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-none"
      />
      <div className="flex items-center gap-1">
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          multiple
          className="hidden"
          onChange={onFiles}
          data-testid="chat-file-input"
          tabIndex={-1}
          aria-hidden="true"
        />
        <Menu
          label="Attach"
          side="top"
          trigger={
            <button type="button" aria-label="Attach image" className={TOOL}>
              <Paperclip className="size-4" aria-hidden="true" />
            </button>
          }
        >
          <MenuItem
            icon={<Upload className="size-4" />}
            onSelect={() => {
              if (freeSlots === 0) {
                onLimitReached();
                return;
              }
              // After the menu has closed, so focus comes back to the page, not the menu.
              setTimeout(() => fileRef.current?.click(), 0);
            }}
          >
            Upload Image
          </MenuItem>
          <MenuItem icon={<Images className="size-4" />} onSelect={onOpenLibrary}>
            Select from library
          </MenuItem>
        </Menu>
        <Menu
          label="Image size"
          side="top"
          trigger={
            <button
              type="button"
              aria-label={`Image size: ${sizeOption.label}`}
              className={cn(TOOL, 'w-auto gap-1.5 px-2.5 text-xs font-medium')}
            >
              <sizeOption.icon className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{sizeOption.label}</span>
            </button>
          }
        >
          <MenuRadioGroup
            value={size}
            onChange={onSizeChange}
            options={SIZE_OPTIONS.map((option) => ({
              value: option.value,
              label: (
                <span className="flex flex-1 items-center justify-between gap-3">
                  {option.label}
                  <span className="text-xs text-muted">{option.value.replace('x', '×')}</span>
                </span>
              ),
              icon: <option.icon className="size-4" />,
            }))}
          />
        </Menu>
        <p
          id={hintId}
          aria-live="polite"
          className="min-w-0 flex-1 truncate px-1 text-xs text-muted"
        >
          {decision === 'too_short'
            ? `At least ${MIN_PROMPT_LENGTH} characters, or attach an image`
            : null}
        </p>
        <CharacterCounter length={prompt.length} max={PROMPT_MAX_LENGTH} className="px-1" />
        <button
          type="button"
          onClick={onSend}
          disabled={!canSend}
          aria-label="Send message"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg transition-colors hover:bg-accent-hover disabled:cursor-not-allowed disabled:opacity-40"
        >
          {isBusy ? (
            <Spinner className="size-4" />
          ) : (
            <ArrowUp className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
    </div>
  );
}

const TOOL =
  'inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg data-[state=open]:bg-surface-2 data-[state=open]:text-fg';

function Chip({
  name,
  previewUrl,
  badge,
  isUploading = false,
  removeLabel,
  onRemove,
}: {
  name: string;
  previewUrl: string;
  badge?: string;
  isUploading?: boolean;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <li className="relative" aria-busy={isUploading || undefined}>
      <img
        src={previewUrl}
        alt={name}
        className={cn(
          'size-16 rounded-lg border border-border object-cover',
          isUploading && 'opacity-50',
        )}
      />
      {isUploading && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-5 text-accent" label={`Uploading ${name}`} />
        </span>
      )}
      {badge && (
        <span className="absolute bottom-1 left-1 rounded bg-accent px-1 text-[10px] font-medium text-accent-fg">
          {badge}
        </span>
      )}
      <button
        type="button"
        aria-label={removeLabel}
        onClick={onRemove}
        className="absolute -top-1.5 -right-1.5 inline-flex size-6 items-center justify-center rounded-full border border-border bg-surface text-fg shadow hover:bg-surface-2"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
