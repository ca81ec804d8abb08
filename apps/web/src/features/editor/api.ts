import type { TemplateDetail } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import type { TemplateRef } from './editor-route';

/** An official or community template, as the editor shows it (the official template's reply). */
export type EditorTemplate = { ref: TemplateRef } & Pick<
  TemplateDetail,
  'name' | 'imageUrl' | 'attribution' | 'productBox' | 'textBoxes' | 'stats' | 'userVote'
>;

export async function fetchEditorTemplate(ref: TemplateRef): Promise<EditorTemplate> {
  if (ref.kind === 'official') {
    const template = await readJson(api.templates[':id'].$get({ param: { id: String(ref.id) } }));
    return {
      ref,
      name: template.name,
      imageUrl: template.imageUrl,
      attribution: template.attribution,
      productBox: template.productBox,
      textBoxes: template.textBoxes,
      stats: template.stats,
      userVote: template.userVote,
    };
  }
  const template = await readJson(
    api['community-templates'][':id'].$get({ param: { id: ref.id } }),
  );
  return {
    ref,
    name: template.name,
    imageUrl: template.imageUrl,
    attribution: null,
    productBox: null,
    textBoxes: [],
    stats: { likes: 0, dislikes: 0, usageCount: template.usageCount },
    userVote: 'none',
  };
}
