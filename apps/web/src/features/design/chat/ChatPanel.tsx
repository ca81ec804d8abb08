import { useEffect, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MessageSquarePlus, Sparkles } from 'lucide-react';
import {
  CHAT_MESSAGES,
  IMAGE_SIZES,
  acceptChatFiles,
  chatError,
  freeImageSlots,
  promptDecision,
  type ImageSize,
} from '@adtwin/shared';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { Button } from '@/components/ui/Button';
import { ApiError } from '@/lib/api-client';
import { variantUrl } from '@/lib/image-url';
import { readStored, writeStored } from '@/lib/local-storage';
import {
  describeStartFailure,
  startChat,
  uploadImage,
  type Generation,
} from '@/features/generation';
import {
  chatReducer,
  regenerationOf,
  restoreChat,
  type AiChatMessage,
  type ChatImage,
  type ChatRequestSnapshot,
} from './chat-state';
import { ChatComposer, type Attachment } from './ChatComposer';
import { AssistantBubble, UserBubble } from './ChatMessageView';
import { ImageViewerDialog } from './ImageViewerDialog';
import { LibraryDialog } from './LibraryDialog';
import { queryKeys } from '@/lib/query-keys';

const storageKey = (userId: string) => `design-chat:${userId}`;
const newId = () => crypto.randomUUID();

/**
 * The chat mode of /design: a prompt and up to 3 images make an image. The conversation lives in
 * this component and in local storage (per person), so a reload or a later visit keeps it and
 * resumes the jobs still running.
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
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, userId, (id) =>
    restoreChat(readStored(storageKey(id))),
  );
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<ImageSize>(IMAGE_SIZES.square);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [isLibraryOpen, setIsLibraryOpen] = useState(false);
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Generation | null>(null);
  const [upgradeFeature, setUpgradeFeature] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const inputImage = state.selectedInput?.image ?? null;
  const slots = freeImageSlots({
    attachedCount: attachments.length,
    hasInputImage: inputImage !== null,
  });

  useEffect(() => {
    writeStored(storageKey(userId), JSON.stringify(state));
  }, [state, userId]);

  // Follow the conversation to its newest message.
  const lastMessage = state.messages.at(-1);
  const lastKey = lastMessage
    ? `${lastMessage.id}:${lastMessage.sender === 'ai' ? lastMessage.status : ''}`
    : '';
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' });
  }, [lastKey]);

  function refreshCredits() {
    void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  }

  async function startJob(aiId: string, request: ChatRequestSnapshot, isRegeneration: boolean) {
    const fallback = isRegeneration ? CHAT_MESSAGES.regenerateFailed : CHAT_MESSAGES.generateFailed;
    try {
      const generation = await startChat(request);
      dispatch({ type: 'started', aiId, generationId: generation.id });
      refreshCredits();
    } catch (error) {
      let text: string = fallback;
      if (error instanceof ApiError && error.status === 401) text = CHAT_MESSAGES.notAuthenticated;
      else {
        const failure = describeStartFailure(error);
        if (failure.kind === 'upgrade') {
          setUpgradeFeature(failure.feature);
          text = error instanceof Error && error.message ? error.message : fallback;
        } else text = failure.message || fallback;
      }
      dispatch({ type: 'failed', aiId, generationId: null, error: chatError(text) });
    }
  }

  function send() {
    if (attachments.some((attachment) => !attachment.image)) return;
    const uploaded = attachments.map((attachment) => attachment.image!);
    const images = [...(inputImage ? [inputImage] : []), ...uploaded];
    if (promptDecision(prompt, images.length) !== 'send') return;
    const request: ChatRequestSnapshot = {
      prompt: prompt.trim(),
      referenceUploadIds: images.map((image) => image.uploadId),
      size,
    };
    const ai: AiChatMessage = {
      id: newId(),
      sender: 'ai',
      timestamp: Date.now(),
      request,
      imageSize: size,
      generationId: null,
      status: 'generating',
      error: null,
      isRegeneration: false,
      resultUpload: null,
    };
    dispatch({
      type: 'sent',
      user: {
        id: newId(),
        sender: 'user',
        content: request.prompt,
        timestamp: Date.now(),
        uploadedImages: uploaded,
        selectedInputImage: inputImage,
      },
      ai,
    });
    setPrompt('');
    setAttachments([]);
    void startJob(ai.id, request, false);
  }

  function regenerate(message: AiChatMessage) {
    const ai = regenerationOf(message, state.messages, newId());
    dispatch({ type: 'regenerating', ai });
    void startJob(ai.id, ai.request, true);
  }

  function pickFiles(files: File[]) {
    const { accepted, error } = acceptChatFiles(files, {
      attachedCount: attachments.length,
      hasInputImage: inputImage !== null,
    });
    if (error) toast.error(error);
    for (const file of accepted) {
      const key = newId();
      const previewUrl = URL.createObjectURL(file);
      setAttachments((current) => [...current, { key, name: file.name, previewUrl, image: null }]);
      uploadImage(file)
        .then((item) => {
          setAttachments((current) =>
            current.map((attachment) =>
              attachment.key === key
                ? { ...attachment, image: { uploadId: item.id, url: item.url, name: item.name } }
                : attachment,
            ),
          );
          void queryClient.invalidateQueries({ queryKey: queryKeys.library });
          void queryClient.invalidateQueries({ queryKey: queryKeys.uploads });
        })
        .catch((uploadError: unknown) => {
          toast.error(uploadError instanceof Error ? uploadError.message : 'Upload failed');
          URL.revokeObjectURL(previewUrl);
          setAttachments((current) => current.filter((attachment) => attachment.key !== key));
        });
    }
  }

  function removeAttachment(key: string) {
    setAttachments((current) => {
      const removed = current.find((attachment) => attachment.key === key);
      if (removed?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(removed.previewUrl);
      return current.filter((attachment) => attachment.key !== key);
    });
  }

  function openLibrary() {
    if (slots === 0) {
      toast.error(CHAT_MESSAGES.tooManyImages);
      return;
    }
    setIsLibraryOpen(true);
  }

  async function selectAsInput(message: AiChatMessage, generation: Generation) {
    if (state.selectedInput?.messageId === message.id) {
      dispatch({ type: 'input-cleared' });
      return;
    }
    // Replacing another selected result keeps the count; otherwise a free slot is needed.
    if (!state.selectedInput && slots === 0) {
      toast.error(CHAT_MESSAGES.tooManyImages);
      return;
    }
    let image: ChatImage | null = message.resultUpload;
    if (!image) {
      if (!generation.result) return;
      setSelectingId(message.id);
      try {
        // The server makes images from library uploads, so the result is copied there once.
        const blob = await (await fetch(generation.result.url)).blob();
        const file = new File([blob], generation.result.fileName, {
          type: blob.type || 'image/png',
        });
        const item = await uploadImage(file);
        image = { uploadId: item.id, url: item.url, name: item.name };
        dispatch({ type: 'result-uploaded', aiId: message.id, image });
        void queryClient.invalidateQueries({ queryKey: queryKeys.library });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : CHAT_MESSAGES.libraryLoadFailed);
        return;
      } finally {
        setSelectingId(null);
      }
    }
    dispatch({ type: 'input-selected', aiId: message.id, image });
  }

  function newChat() {
    dispatch({ type: 'reset' });
    setPrompt('');
    for (const attachment of attachments) {
      if (attachment.previewUrl.startsWith('blob:')) URL.revokeObjectURL(attachment.previewUrl);
    }
    setAttachments([]);
  }

  const isEmpty = state.messages.length === 0;

  return (
    <section aria-label="Chat" className="flex min-h-0 flex-1 flex-col">
      {toolbar &&
        createPortal(
          <Button
            variant="ghost"
            className="h-9 px-2.5"
            onClick={newChat}
            disabled={isEmpty && attachments.length === 0 && !prompt}
          >
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            New chat
          </Button>,
          toolbar,
        )}
      <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto">
        {isEmpty ? (
          <div className="flex h-full min-h-48 flex-col items-center justify-center gap-3 px-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent">
              <Sparkles className="size-6" aria-hidden="true" />
            </span>
            <p className="max-w-xs text-sm text-muted">{CHAT_MESSAGES.empty}</p>
          </div>
        ) : (
          <ol
            role="log"
            aria-label="Chat messages"
            aria-live="polite"
            className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-5 md:px-6"
          >
            {state.messages.map((message) =>
              message.sender === 'user' ? (
                <UserBubble key={message.id} message={message} />
              ) : (
                <AssistantBubble
                  key={message.id}
                  message={message}
                  isSelectedAsInput={state.selectedInput?.messageId === message.id}
                  isSelecting={selectingId === message.id}
                  onSettled={(outcome) => {
                    if (!message.generationId) return;
                    refreshCredits();
                    if (outcome.status === 'done')
                      dispatch({
                        type: 'finished',
                        aiId: message.id,
                        generationId: message.generationId,
                      });
                    else
                      dispatch({
                        type: 'failed',
                        aiId: message.id,
                        generationId: message.generationId,
                        error: outcome.error,
                      });
                  }}
                  onRegenerate={() => regenerate(message)}
                  onDownload={onDownload}
                  onSelectAsInput={(generation) => void selectAsInput(message, generation)}
                  onExpand={setExpanded}
                />
              ),
            )}
          </ol>
        )}
      </div>

      <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-3 md:px-6 md:pb-5">
        <ChatComposer
          prompt={prompt}
          onPromptChange={setPrompt}
          size={size}
          onSizeChange={setSize}
          attachments={attachments}
          inputImage={inputImage}
          onRemoveAttachment={removeAttachment}
          onClearInput={() => dispatch({ type: 'input-cleared' })}
          onPickFiles={pickFiles}
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
        onAdd={(images) =>
          setAttachments((current) => [
            ...current,
            ...images.map((image) => ({
              key: newId(),
              name: image.name,
              previewUrl: variantUrl(image.url, { width: 256, height: 256 }),
              image: { uploadId: image.id, url: image.url, name: image.name },
            })),
          ])
        }
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
      <UpgradeDialog feature={upgradeFeature} onClose={() => setUpgradeFeature(null)} />
    </section>
  );
}
