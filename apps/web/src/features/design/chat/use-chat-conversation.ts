import { useEffect, useReducer, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CHAT_MESSAGES, chatError, type ImageSize } from '@adtwin/shared';
import { ApiError } from '@/lib/api-client';
import { readStored, writeStored } from '@/lib/local-storage';
import {
  describeStartFailure,
  refreshCredits,
  useStartChat,
  useUploadImage,
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

const storageKey = (userId: string) => `design-chat:${userId}`;
export const newId = () => crypto.randomUUID();

export type JobOutcome = { status: 'done' } | { status: 'failed'; error: string };

/**
 * The chat's messages and their jobs: sending, regenerating, each job's end, and a result chosen
 * as the next input image. The conversation is kept in local storage (per person), so a reload or
 * a later visit keeps it and follows the jobs still running.
 */
export function useChatConversation(userId: string) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, userId, (id) =>
    restoreChat(readStored(storageKey(id))),
  );
  const chatStart = useStartChat();
  const upload = useUploadImage();
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [upgradeFeature, setUpgradeFeature] = useState<string | null>(null);

  useEffect(() => {
    writeStored(storageKey(userId), JSON.stringify(state));
  }, [state, userId]);

  async function startJob(aiId: string, request: ChatRequestSnapshot, isRegeneration: boolean) {
    const fallback = isRegeneration ? CHAT_MESSAGES.regenerateFailed : CHAT_MESSAGES.generateFailed;
    try {
      const generation = await chatStart.mutateAsync(request);
      dispatch({ type: 'started', aiId, generationId: generation.id });
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

  /** Sends the prompt with the chosen result (if any) and the uploaded images. */
  function send(
    prompt: string,
    images: { input: ChatImage | null; uploaded: ChatImage[] },
    size: ImageSize,
  ) {
    const all = [...(images.input ? [images.input] : []), ...images.uploaded];
    const request: ChatRequestSnapshot = {
      prompt,
      referenceUploadIds: all.map((image) => image.uploadId),
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
        content: prompt,
        timestamp: Date.now(),
        uploadedImages: images.uploaded,
        selectedInputImage: images.input,
      },
      ai,
    });
    void startJob(ai.id, request, false);
  }

  function regenerate(message: AiChatMessage) {
    const ai = regenerationOf(message, state.messages, newId());
    dispatch({ type: 'regenerating', ai });
    void startJob(ai.id, ai.request, true);
  }

  /** A job's end, as its bubble saw it: the credits change either way. */
  function settle(message: AiChatMessage, outcome: JobOutcome) {
    if (!message.generationId) return;
    refreshCredits(queryClient);
    if (outcome.status === 'done') {
      dispatch({ type: 'finished', aiId: message.id, generationId: message.generationId });
    } else {
      dispatch({
        type: 'failed',
        aiId: message.id,
        generationId: message.generationId,
        error: outcome.error,
      });
    }
  }

  /**
   * Chooses a result as the next message's input image (or unchooses it). `hasFreeSlot`: another
   * image fits beside the attachments.
   */
  async function selectAsInput(
    message: AiChatMessage,
    generation: Generation,
    hasFreeSlot: boolean,
  ) {
    if (state.selectedInput?.messageId === message.id) {
      dispatch({ type: 'input-cleared' });
      return;
    }
    // Replacing another selected result keeps the count; otherwise a free slot is needed.
    if (!state.selectedInput && !hasFreeSlot) {
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
        const item = await upload.mutateAsync(file);
        image = { uploadId: item.id, url: item.url, name: item.name };
        dispatch({ type: 'result-uploaded', aiId: message.id, image });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : CHAT_MESSAGES.libraryLoadFailed);
        return;
      } finally {
        setSelectingId(null);
      }
    }
    dispatch({ type: 'input-selected', aiId: message.id, image });
  }

  return {
    messages: state.messages,
    selectedInput: state.selectedInput,
    selectingId,
    send,
    regenerate,
    settle,
    selectAsInput,
    clearInput: () => dispatch({ type: 'input-cleared' }),
    reset: () => dispatch({ type: 'reset' }),
    upgradeFeature,
    closeUpgrade: () => setUpgradeFeature(null),
  };
}
