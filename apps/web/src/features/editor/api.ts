import type { UserVote } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import type { Box } from './product-box';
import type { TemplateRef } from './editor-route';

/** An official or community template, as the editor shows it. */
export type EditorTemplate = {
  ref: TemplateRef;
  name: string;
  imageUrl: string;
  attribution: string | null;
  /** Where the template's own product sits, in its pixels; null when unknown. */
  productBox: Box | null;
  /** Where the ad's words are, in its pixels (official templates carry their analysis). */
  textBoxes: (Box & { text: string })[];
  stats: { likes: number; dislikes: number; usageCount: number };
  userVote: UserVote;
};

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
