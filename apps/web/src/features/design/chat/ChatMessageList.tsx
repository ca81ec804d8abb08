import { useEffect, useRef } from 'react';
import { Sparkles } from 'lucide-react';
import { CHAT_MESSAGES } from '@adtwin/shared';
import type { Generation } from '@/features/generation';
import type { AiChatMessage, ChatMessage } from './chat-state';
import { AssistantBubble, UserBubble } from './ChatMessageView';
import type { JobOutcome } from './use-chat-conversation';

/** The conversation, newest at the bottom and followed as it grows; a hint while it is empty. */
export function ChatMessageList({
  messages,
  selectedInputId,
  selectingId,
  onSettled,
  onRegenerate,
  onDownload,
  onSelectAsInput,
  onExpand,
}: {
  messages: ChatMessage[];
  /** The message whose result is the next input image. */
  selectedInputId: string | null;
  /** The message whose result is being copied to the library to become the input. */
  selectingId: string | null;
  onSettled: (message: AiChatMessage, outcome: JobOutcome) => void;
  onRegenerate: (message: AiChatMessage) => void;
  onDownload: (generation: Generation) => void;
  onSelectAsInput: (message: AiChatMessage, generation: Generation) => void;
  onExpand: (generation: Generation) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // Follow the conversation to its newest message.
  const lastMessage = messages.at(-1);
  const lastKey = lastMessage
    ? `${lastMessage.id}:${lastMessage.sender === 'ai' ? lastMessage.status : ''}`
    : '';
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' });
  }, [lastKey]);

  return (
    <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto">
      {messages.length === 0 ? (
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
          {messages.map((message) =>
            message.sender === 'user' ? (
              <UserBubble key={message.id} message={message} />
            ) : (
              <AssistantBubble
                key={message.id}
                message={message}
                isSelectedAsInput={selectedInputId === message.id}
                isSelecting={selectingId === message.id}
                onSettled={(outcome) => onSettled(message, outcome)}
                onRegenerate={() => onRegenerate(message)}
                onDownload={onDownload}
                onSelectAsInput={(generation) => onSelectAsInput(message, generation)}
                onExpand={onExpand}
              />
            ),
          )}
        </ol>
      )}
    </div>
  );
}
