import { describe, expect, it } from 'vitest';
import { editorPath, parseEditorRoute } from './editor-route';

const uuid = '0b6c8a3e-2f4d-4c1a-9e7b-5d3f1a2b4c6d';

describe('editor routes', () => {
  it('reads every route of the spec', () => {
    expect(parseEditorRoute('/editor')).toEqual({ kind: 'restore' });
    expect(parseEditorRoute('/editor/12')).toEqual({
      kind: 'template',
      template: { kind: 'official', id: 12 },
      generatedNumber: null,
      isViewMode: false,
    });
    expect(parseEditorRoute('/editor/12/generated/345')).toMatchObject({
      template: { kind: 'official', id: 12 },
      generatedNumber: 345,
    });
    expect(parseEditorRoute(`/editor/community/${uuid}`)).toMatchObject({
      template: { kind: 'community', id: uuid },
      isViewMode: false,
    });
    expect(parseEditorRoute(`/editor/community/${uuid}/generated/7`)).toMatchObject({
      template: { kind: 'community', id: uuid },
      generatedNumber: 7,
    });
    expect(parseEditorRoute('/editor/view/generated/9')).toEqual({
      kind: 'generated-view',
      generatedNumber: 9,
    });
    expect(parseEditorRoute('/editor/view/9')).toEqual({
      kind: 'generated-view',
      generatedNumber: 9,
    });
    expect(parseEditorRoute(`/editor/view/community/${uuid}`)).toMatchObject({
      template: { kind: 'community', id: uuid },
      isViewMode: true,
    });
  });

  it('refuses ids of the wrong kind and stray segments, sending the person back', () => {
    expect(parseEditorRoute('/editor/abc')).toEqual({ kind: 'invalid', goTo: '/templates' });
    expect(parseEditorRoute('/editor/-1')).toEqual({ kind: 'invalid', goTo: '/templates' });
    expect(parseEditorRoute('/editor/99999999999')).toEqual({
      kind: 'invalid',
      goTo: '/templates',
    });
    expect(parseEditorRoute('/editor/12/generated/x')).toEqual({
      kind: 'invalid',
      goTo: '/templates',
    });
    expect(parseEditorRoute('/editor/community/12')).toEqual({
      kind: 'invalid',
      goTo: '/community',
    });
    expect(parseEditorRoute('/editor/view/generated/abc')).toEqual({
      kind: 'invalid',
      goTo: '/your-designs',
    });
    expect(parseEditorRoute('/editor/view/community/nope')).toEqual({
      kind: 'invalid',
      goTo: '/your-designs',
    });
  });

  it('builds the addresses it reads', () => {
    expect(editorPath({ kind: 'official', id: 3 })).toBe('/editor/3');
    expect(editorPath({ kind: 'community', id: uuid }, 8)).toBe(
      `/editor/community/${uuid}/generated/8`,
    );
    expect(parseEditorRoute(editorPath({ kind: 'community', id: uuid }, 8))).toMatchObject({
      generatedNumber: 8,
    });
  });
});
