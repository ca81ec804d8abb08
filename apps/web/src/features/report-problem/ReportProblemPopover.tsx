import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import toast from 'react-hot-toast';
import { ImagePlus, X } from 'lucide-react';
import {
  BUG_REPORT_ACCEPTED_EXTENSIONS,
  BUG_REPORT_ACCEPTED_TYPES,
  BUG_REPORT_MAX_ATTACHMENTS,
  BUG_REPORT_MAX_DESCRIPTION_LENGTH,
  BUG_REPORT_MESSAGES,
  type BugReportInput,
} from '@adtwin/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { CharacterCounter } from '@/components/ui/CharacterCounter';
import { Tooltip } from '@/components/ui/Tooltip';
import { useAccount } from '@/lib/account';
import { useIsMobile } from '@/lib/use-media-query';
import { lazyResolver } from '@/lib/lazy-resolver';
import { submitBugReport } from './api';

const UPLOAD_TYPE_MESSAGE = 'Please upload only webp, png, or jpeg images.';

// Every signed-in page shows this item: the form's checks (and zod) load on its first submit.
const resolver = lazyResolver(() =>
  import('./bug-report-resolver').then((m) => m.bugReportResolver),
);

type Attachment = { id: string; file: File; previewUrl: string };

function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (BUG_REPORT_ACCEPTED_TYPES as readonly string[]).includes(file.type) &&
    (BUG_REPORT_ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)
  );
}

/** The sidebar's Report Problem item: a description and up to 10 screenshots. */
export function ReportProblemPopover({
  children,
  tooltip,
}: {
  children: ReactNode;
  tooltip?: string;
}) {
  const { data: account } = useAccount();
  const isMobile = useIsMobile();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<BugReportInput>({
    resolver,
    defaultValues: { description: '' },
  });
  const description = useWatch({ control: form.control, name: 'description' });
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const submitReport = useMutation({
    mutationFn: (input: BugReportInput) =>
      submitBugReport({ ...input, attachments: attachments.map((a) => a.file) }),
    onSuccess: () => {
      toast.success(BUG_REPORT_MESSAGES.success);
      reset();
      setIsOpen(false);
    },
    onError: () => toast.error(BUG_REPORT_MESSAGES.failed),
  });
  const isSubmitting = submitReport.isPending;
  const fileInput = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  }, [attachments]);

  // Preview URLs hold memory until revoked; give them back when the popover goes away.
  useEffect(
    () => () => attachmentsRef.current.forEach((a) => URL.revokeObjectURL(a.previewUrl)),
    [],
  );

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    const files = chosen.filter(isAcceptedImage);
    event.target.value = '';
    if (files.length < chosen.length) toast.error(UPLOAD_TYPE_MESSAGE);
    if (attachments.length + files.length > BUG_REPORT_MAX_ATTACHMENTS) {
      toast.error(BUG_REPORT_MESSAGES.tooManyAttachments);
      return;
    }
    setAttachments((current) => [
      ...current,
      ...files.map((file) => ({
        id: crypto.randomUUID(),
        file,
        previewUrl: URL.createObjectURL(file),
      })),
    ]);
  }

  function removeAttachment(id: string) {
    setAttachments((current) => {
      const removed = current.find((a) => a.id === id);
      if (removed) URL.revokeObjectURL(removed.previewUrl);
      return current.filter((a) => a.id !== id);
    });
  }

  function reset() {
    attachments.forEach((a) => URL.revokeObjectURL(a.previewUrl));
    setAttachments([]);
    form.reset();
  }

  const handleSubmit = form.handleSubmit((input) => {
    if (account && !isSubmitting) submitReport.mutate(input);
  });

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Tooltip content={tooltip} disabled={!tooltip}>
        <Popover.Trigger asChild>{children}</Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          // Beside the sidebar on desktop; under the item in the narrow drawer, so it stays on screen.
          side={isMobile ? 'bottom' : 'right'}
          align={isMobile ? 'start' : 'end'}
          sideOffset={12}
          collisionPadding={12}
          className="z-50 w-[min(22rem,calc(100vw-24px))] rounded-xl border border-border bg-surface p-4 shadow-xl"
        >
          <form
            onSubmit={(event) => void handleSubmit(event)}
            className="flex flex-col gap-3"
            aria-label="Report a problem"
          >
            <div className="flex items-center justify-between">
              <h2 className="text-base font-semibold">Report a problem</h2>
              <Popover.Close
                aria-label="Close"
                className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-4" />
              </Popover.Close>
            </div>
            <label htmlFor={descriptionId} className="text-sm text-muted">
              What went wrong? Screenshots help us find it.
            </label>
            <textarea
              id={descriptionId}
              {...form.register('description')}
              rows={4}
              maxLength={BUG_REPORT_MAX_DESCRIPTION_LENGTH}
              placeholder="Describe the problem…"
              className="resize-none rounded-lg border border-border bg-surface px-3 py-2 text-sm placeholder:text-muted focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/30"
            />
            <div className="-mt-2 flex justify-end">
              <CharacterCounter
                length={description.length}
                max={BUG_REPORT_MAX_DESCRIPTION_LENGTH}
              />
            </div>
            {attachments.length > 0 && (
              <ul className="grid grid-cols-4 gap-2" aria-label="Attachments">
                {attachments.map((attachment) => (
                  <li
                    key={attachment.id}
                    className="group relative aspect-square overflow-hidden rounded-lg border border-border"
                  >
                    <img
                      src={attachment.previewUrl}
                      alt={attachment.file.name}
                      className="size-full object-cover"
                    />
                    <button
                      type="button"
                      onClick={() => removeAttachment(attachment.id)}
                      aria-label={`Remove ${attachment.file.name}`}
                      className="absolute right-1 top-1 inline-flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
                    >
                      <X className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              ref={fileInput}
              type="file"
              accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
              multiple
              className="sr-only"
              onChange={addFiles}
              aria-label="Attach images"
              data-testid="report-files"
            />
            <div className="flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                onClick={() => fileInput.current?.click()}
                className="h-9 px-3"
              >
                <ImagePlus className="size-4" aria-hidden="true" />
                Attach images
              </Button>
              <span className="text-xs text-muted">
                {attachments.length}/{BUG_REPORT_MAX_ATTACHMENTS}
              </span>
            </div>
            <Button type="submit" disabled={!description.trim() || isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Submit'}
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
