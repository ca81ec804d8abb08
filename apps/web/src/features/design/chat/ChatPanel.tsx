import { useState } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { MessageSquarePlus } from 'lucide-react';
import {
  CHAT_MESSAGES,
  IMAGE_SIZES,
  freeImageSlots,
  promptDecision,
  type ImageSize,
} from '@adtwin/shared';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { Button } from '@/components/ui/Button';
import type { Generation } from '@/features/generation';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import { ImageViewerDialog } from './ImageViewerDialog';
import { LibraryDialog } from './LibraryDialog';
import { useChatAttachments } from './use-chat-attachments';
import { useChatConversation } from './use-chat-conversation';

/**
 * The chat mode of /design: a prompt and up to 3 images make an image. The conversation
 * (useChatConversation) and the next message's images (useChatAttachments) meet here, with the
 * composer, the library and the image viewer.
 */
export function ChatPanel({
  userId,
  onDownload,
  toolbar,
}: {
  userId: string;
  onDownload: (generation: Generation) => void;
  /** Where the New chat button goes (the page's top bar); beside the chat when null. */
  toolbar: HTMLElement | null;
}) {
  const conversation = useChatConversation(userId);
  const inputImage = conversation.selectedInput?.image ?? null;
  const attachments = useChatAttachments({ hasInputImage: inputImage !== null });
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<ImageSize>(IMAGE_SIZES.square);
  const [isLibraryOpen, setIsLibraryOpen] = useState(false);
  const [expanded, setExpanded] = useState<Generation | null>(null);

  const slots = freeImageSlots({
    attachedCount: attachments.attachments.length,
    hasInputImage: inputImage !== null,
  });

  function send() {
    if (attachments.attachments.some((attachment) => !attachment.image)) return;
    const uploaded = attachments.attachments.map((attachment) => attachment.image!);
    const imageCount = uploaded.length + (inputImage ? 1 : 0);
    if (promptDecision(prompt, imageCount) !== 'send') return;
    conversation.send(prompt.trim(), { input: inputImage, uploaded }, size);
    setPrompt('');
    attachments.clearSent();
  }

  function openLibrary() {
    if (slots === 0) {
      toast.error(CHAT_MESSAGES.tooManyImages);
      return;
    }
    setIsLibraryOpen(true);
  }

  function newChat() {
    conversation.reset();
    setPrompt('');
    attachments.discard();
  }

  const isEmpty = conversation.messages.length === 0;

  return (
    <section aria-label="Chat" className="flex min-h-0 flex-1 flex-col">
      {toolbar &&
        createPortal(
          <Button
            variant="ghost"
            className="h-9 px-2.5"
            onClick={newChat}
            disabled={isEmpty && attachments.attachments.length === 0 && !prompt}
          >
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            New chat
          </Button>,
          toolbar,
        )}
      <ChatMessageList
        messages={conversation.messages}
        selectedInputId={conversation.selectedInput?.messageId ?? null}
        selectingId={conversation.selectingId}
        onSettled={conversation.settle}
        onRegenerate={conversation.regenerate}
        onDownload={onDownload}
        onSelectAsInput={(message, generation) =>
          void conversation.selectAsInput(message, generation, slots > 0)
        }
        onExpand={setExpanded}
      />

      <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-3 md:px-6 md:pb-5">
        <ChatComposer
          prompt={prompt}
          onPromptChange={setPrompt}
          size={size}
          onSizeChange={setSize}
          attachments={attachments.attachments}
          inputImage={inputImage}
          onRemoveAttachment={attachments.remove}
          onClearInput={conversation.clearInput}
          onPickFiles={attachments.pickFiles}
          freeSlots={slots}
          onLimitReached={() => toast.error(CHAT_MESSAGES.tooManyImages)}
          onOpenLibrary={openLibrary}
          onSend={send}
          isBusy={false}
        />
      </div>

      <LibraryDialog
        isOpen={isLibraryOpen}
        onOpenChange={setIsLibraryOpen}
        freeSlots={slots}
        onAdd={attachments.addFromLibrary}
      />
      <ImageViewerDialog
        image={
          expanded?.result ? { url: expanded.result.url, alt: expanded.result.fileName } : null
        }
        onClose={() => setExpanded(null)}
        onDownload={
          expanded
            ? () => {
                const generation = expanded;
                setExpanded(null);
                onDownload(generation);
              }
            : undefined
        }
      />
      <UpgradeDialog feature={conversation.upgradeFeature} onClose={conversation.closeUpgrade} />
    </section>
  );
}
