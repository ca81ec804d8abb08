import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHAT,
  chatReducer,
  regenerationOf,
  restoreChat,
  type AiChatMessage,
  type ChatImage,
  type UserChatMessage,
} from './chat-state';

const image = (id: string): ChatImage => ({ uploadId: id, url: `/api/images/${id}`, name: id });
const user = (id: string): UserChatMessage => ({
  id,
  sender: 'user',
  content: 'a red shoe on a beach',
  timestamp: 1,
  uploadedImages: [],
  selectedInputImage: null,
});
const ai = (id: string): AiChatMessage => ({
  id,
  sender: 'ai',
  timestamp: 1,
  request: { prompt: 'a red shoe on a beach', referenceUploadIds: [], size: '1024x1024' },
  imageSize: '1024x1024',
  generationId: null,
  status: 'generating',
  error: null,
  isRegeneration: false,
  resultUpload: null,
});
const aiOf = (state: typeof EMPTY_CHAT, id: string) =>
  state.messages.find((message) => message.id === id) as AiChatMessage;

describe('chat reducer', () => {
  it('sends, follows the job and settles it', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', user: user('u1'), ai: ai('a1') });
    expect(state.messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    state = chatReducer(state, { type: 'started', aiId: 'a1', generationId: 'g1' });
    state = chatReducer(state, { type: 'finished', aiId: 'a1', generationId: 'g1' });
    expect(aiOf(state, 'a1')).toMatchObject({ status: 'done', generationId: 'g1' });
  });

  it('uses up the selected input image when a message is sent', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'input-selected', aiId: 'a0', image: image('i') });
    expect(state.selectedInput?.image.uploadId).toBe('i');
    state = chatReducer(state, { type: 'sent', user: user('u1'), ai: ai('a1') });
    expect(state.selectedInput).toBeNull();
  });

  it('regenerates into a new message, keeping the earlier image and asking for another layout', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', user: user('u1'), ai: ai('a1') });
    state = chatReducer(state, { type: 'started', aiId: 'a1', generationId: 'g1' });
    state = chatReducer(state, { type: 'finished', aiId: 'a1', generationId: 'g1' });
    const again = regenerationOf(aiOf(state, 'a1'), state.messages, 'a2');
    state = chatReducer(state, { type: 'regenerating', ai: again });
    expect(state.messages.map((message) => message.id)).toEqual(['u1', 'a1', 'a2']);
    expect(aiOf(state, 'a1')).toMatchObject({ status: 'done', generationId: 'g1' });
    expect(aiOf(state, 'a2')).toMatchObject({ status: 'generating', isRegeneration: true });
    expect(aiOf(state, 'a2').request.variation).toBe(1);
    // Regenerating either of them again asks for a third layout.
    expect(regenerationOf(aiOf(state, 'a1'), state.messages, 'a3').request.variation).toBe(2);
    // Late news of another job changes nothing.
    state = chatReducer(state, { type: 'failed', aiId: 'a2', generationId: 'g1', error: 'x' });
    expect(aiOf(state, 'a2').status).toBe('generating');
  });

  it('starts a new chat empty', () => {
    const state = chatReducer(EMPTY_CHAT, { type: 'sent', user: user('u1'), ai: ai('a1') });
    expect(chatReducer(state, { type: 'reset' })).toEqual(EMPTY_CHAT);
  });
});

describe('restoring a chat from storage', () => {
  it('keeps jobs that had started and fails those that never did', () => {
    const started = { ...ai('a1'), generationId: 'g1' };
    const lost = { ...ai('a2'), isRegeneration: true };
    const restored = restoreChat(
      JSON.stringify({ messages: [started, lost], selectedInput: null }),
    );
    expect(aiOf(restored, 'a1').status).toBe('generating');
    expect(aiOf(restored, 'a2')).toMatchObject({
      status: 'error',
      error: 'Error: Failed to regenerate image',
    });
  });
  it('reads nothing from missing or broken data', () => {
    expect(restoreChat(null)).toEqual(EMPTY_CHAT);
    expect(restoreChat('{oops')).toEqual(EMPTY_CHAT);
    expect(restoreChat('{}')).toEqual(EMPTY_CHAT);
  });
});
