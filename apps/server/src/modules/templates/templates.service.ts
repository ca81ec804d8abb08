import {
  CATEGORIES,
  PAGE_SIZE,
  VOTE_MESSAGES,
  isCategory,
  keywordsFor,
  type Box,
  type TemplateDetail,
  type TemplateCategory,
  type TemplateSort,
  type UserVote,
  type VoteReply,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import { imagePath } from '../../platform/images/image-paths.js';
import {
  selectCategoryImages,
  countGenerationUsage,
  selectTemplate,
  selectTemplatePage,
  selectUserVote,
  writeVote,
} from './templates.queries.js';

export function createTemplatesService(deps: { db: Database }) {
  return {
    async listTemplates(options: {
      userId: string;
      category?: string | undefined;
      search?: string | undefined;
      sort: TemplateSort;
      offset: number;
      limit: number;
    }) {
      const category = options.category?.trim().toLowerCase() || null;
      const rows = await selectTemplatePage(deps.db, {
        userId: options.userId,
        category,
        categoryKeywords: category ? keywordsFor(category) : null,
        search: options.search?.trim() ?? '',
        sort: options.sort,
        offset: options.offset,
        limit: Math.min(options.limit, PAGE_SIZE.max),
      });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        category: isCategory(row.category) ? row.category : null,
        imageUrl: imagePath('category-images', row.imageKey),
        width: row.width,
        height: row.height,
        attribution: row.attribution,
        likes: row.likeCount,
        dislikes: row.dislikeCount,
        usageCount: row.usageCount,
        userVote: (row.userVote ?? 'none') as UserVote,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /**
     * The images of the first cards /templates shows as it opens (no category, no search, most
     * used first), for its HTML to name before the app asks for the list.
     */
    async openingImageUrls(count: number) {
      const rows = await selectTemplatePage(deps.db, {
        userId: '', // nobody's votes: only the order and the images matter here
        category: null,
        categoryKeywords: null,
        search: '',
        sort: 'most_used',
        offset: 0,
        limit: count,
      });
      return rows.map((row) => imagePath('category-images', row.imageKey));
    },

    /** The fixed category list, each with a cover image from the catalogue (or null). */
    async listCategories(): Promise<TemplateCategory[]> {
      const rows = await selectCategoryImages(deps.db);
      return CATEGORIES.map((category) => {
        const cover = rows.find((row) => row.category === category);
        return {
          category,
          imageUrl: cover ? imagePath('category-images', cover.imageKey) : null,
        };
      });
    },

    /** One official template with its stats and the caller's vote (get_template_stats + get_user_vote). */
    async getTemplate(id: number, userId: string): Promise<TemplateDetail> {
      const row = await selectTemplate(deps.db, id);
      if (!row) throw new DomainError('not_found', 'Template not found', 'not_found');
      return {
        id: row.id,
        name: row.name,
        category: row.category,
        imageUrl: imagePath('category-images', row.imageKey),
        width: row.width,
        height: row.height,
        attribution: row.attribution,
        productBox: row.productBox as Box | null,
        textBoxes: (
          (row.analysis as { words?: { text: string; box: Box }[] } | null)?.words ?? []
        ).map((word) => ({ text: word.text, ...word.box })),
        stats: { likes: row.likeCount, dislikes: row.dislikeCount, usageCount: row.usageCount },
        userVote: await selectUserVote(deps.db, userId, id),
      };
    },

    /** Sets the caller's vote (like, dislike or none) and answers the message the spec shows. */
    async vote(options: {
      userId: string;
      templateId: string;
      vote: UserVote;
    }): Promise<VoteReply> {
      if (
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(options.templateId)
      ) {
        throw new DomainError('invalid', VOTE_MESSAGES.community, 'community_vote');
      }
      if (!/^\d{1,9}$/.test(options.templateId)) {
        throw new DomainError('not_found', 'Template not found', 'not_found');
      }
      const result = await writeVote(deps.db, {
        userId: options.userId,
        templateId: Number(options.templateId),
        vote: options.vote,
      });
      if (!result) throw new DomainError('not_found', 'Template not found', 'not_found');
      const message =
        options.vote === 'none'
          ? VOTE_MESSAGES.removed
          : result.previous === 'none'
            ? VOTE_MESSAGES.recorded
            : VOTE_MESSAGES.updated;
      return { stats: result.counts, userVote: options.vote, message };
    },

    /** Called when a generation finishes; counting twice for one generation is impossible. */
    recordGenerationUse(generationId: string) {
      return countGenerationUsage(deps.db, generationId);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
