import { CHAT_MESSAGES, chatError, type ChatInput, type ImageSize } from '@adtwin/shared';

/** An image in the person's library (an upload), as a chat message carries it. */
export type ChatImage = { uploadId: string; url: string; name: string };

/**
 * What one assistant message asked the server for (the chat body, its defaults filled in);
 * Regenerate asks again with the next `variation`. The chat sends no visibility.
 */
export type ChatRequestSnapshot = Omit<ChatInput, 'visibility'>;

export type UserChatMessage = {
  id: string;
  sender: 'user';
  content: string;
  timestamp: number;
  uploadedImages: ChatImage[];
  /** A result chosen with Select as Input Image, sent with this message. */
  selectedInputImage: ChatImage | null;
};

export type AiChatMessage = {
  id: string;
  sender: 'ai';
  timestamp: number;
  request: ChatRequestSnapshot;
  imageSize: ImageSize;
  /** The job the server runs; null until it has accepted the request. */
  generationId: string | null;
  status: 'generating' | 'done' | 'error';
  /** The bubble's text when status is 'error', 'Error: ...'. */
  error: string | null;
  isRegeneration: boolean;
  /** The result copied into the library once, when it was first selected as input. */
  resultUpload: ChatImage | null;
};

export type ChatMessage = UserChatMessage | AiChatMessage;

export type ChatState = {
  messages: ChatMessage[];
  /** The assistant message whose result goes with the next message, and its library copy. */
  selectedInput: { messageId: string; image: ChatImage } | null;
};

export const EMPTY_CHAT: ChatState = { messages: [], selectedInput: null };

export type ChatAction =
  | { type: 'sent'; user: UserChatMessage; ai: AiChatMessage }
  | { type: 'started'; aiId: string; generationId: string }
  | { type: 'finished'; aiId: string; generationId: string }
  | { type: 'failed'; aiId: string; generationId: string | null; error: string }
  | { type: 'regenerating'; ai: AiChatMessage }
  | { type: 'result-uploaded'; aiId: string; image: ChatImage }
  | { type: 'input-selected'; aiId: string; image: ChatImage }
  | { type: 'input-cleared' }
  | { type: 'reset' };

function updateAi(
  state: ChatState,
  aiId: string,
  change: (message: AiChatMessage) => AiChatMessage,
): ChatState {
  return {
    ...state,
    messages: state.messages.map((message) =>
      message.id === aiId && message.sender === 'ai' ? change(message) : message,
    ),
  };
}

/** The chat's moves. Late news of a job that was replaced by a regeneration changes nothing. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sent':
      // The selected input image travels with this message and is then used up.
      return { messages: [...state.messages, action.user, action.ai], selectedInput: null };
    case 'started':
      return updateAi(state, action.aiId, (message) =>
        message.status === 'generating' && message.generationId === null
          ? { ...message, generationId: action.generationId }
          : message,
      );
    case 'finished':
      return updateAi(state, action.aiId, (message) =>
        message.generationId === action.generationId
          ? { ...message, status: 'done', error: null }
          : message,
      );
    case 'failed':
      return updateAi(state, action.aiId, (message) =>
        message.generationId === action.generationId
          ? { ...message, status: 'error', error: action.error }
          : message,
      );
    case 'regenerating':
      // A new message under the thread: the image being regenerated stays where it was.
      return { ...state, messages: [...state.messages, action.ai] };
    case 'result-uploaded':
      return updateAi(state, action.aiId, (message) => ({
        ...message,
        resultUpload: action.image,
      }));
    case 'input-selected':
      return { ...state, selectedInput: { messageId: action.aiId, image: action.image } };
    case 'input-cleared':
      return { ...state, selectedInput: null };
    case 'reset':
      return EMPTY_CHAT;
  }
}

/** The message a Regenerate of `source` adds: the same request, the next layout. */
export function regenerationOf(
  source: AiChatMessage,
  messages: ChatMessage[],
  id: string,
): AiChatMessage {
  const sameRequest = messages.filter(
    (message): message is AiChatMessage =>
      message.sender === 'ai' &&
      message.request.prompt === source.request.prompt &&
      message.request.referenceUploadIds.join() === source.request.referenceUploadIds.join(),
  );
  const variation = Math.max(...sameRequest.map((message) => message.request.variation ?? 0)) + 1;
  return {
    ...source,
    id,
    timestamp: Date.now(),
    request: { ...source.request, variation },
    generationId: null,
    status: 'generating',
    error: null,
    isRegeneration: true,
    resultUpload: null,
  };
}

/**
 * A chat read back from local storage (kept between visits). Messages still generating keep their job id, so their
 * bubble follows the same job again; one that never got an id lost its request and reads as failed.
 */
export function restoreChat(stored: string | null): ChatState {
  if (!stored) return EMPTY_CHAT;
  try {
    const parsed = JSON.parse(stored) as ChatState;
    if (!Array.isArray(parsed.messages)) return EMPTY_CHAT;
    return {
      selectedInput: parsed.selectedInput ?? null,
      messages: parsed.messages.map((message) =>
        message.sender === 'ai' && message.status === 'generating' && !message.generationId
          ? {
              ...message,
              status: 'error',
              error: chatError(
                message.isRegeneration
                  ? CHAT_MESSAGES.regenerateFailed
                  : CHAT_MESSAGES.generateFailed,
              ),
            }
          : message,
      ),
    };
  } catch {
    return EMPTY_CHAT;
  }
}
