/** The spec's fixed category list, in the order the category strip shows it. */
export const CATEGORIES = [
  'beauty',
  'fashion',
  'food',
  'automotive',
  'home',
  'health',
  'photography',
  'gaming',
  'business',
  'music',
  'art',
] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Words that place a template in a category by its name. The spec gives beauty's set; the others
 * follow the same idea: the category's own word plus the products and scenes its ads show.
 */
export const CATEGORY_KEYWORDS: Record<Category, readonly string[]> = {
  beauty: ['beauty', 'makeup', 'skincare', 'cosmetic', 'lipstick', 'serum', 'perfume', 'cream'],
  fashion: ['fashion', 'clothing', 'sneaker', 'shoe', 'shirt', 'dress', 'sweater', 'sunglasses'],
  food: ['food', 'drink', 'juice', 'beer', 'wine', 'coffee', 'snack', 'grocer'],
  automotive: ['automotive', 'car', 'suv', 'vehicle', 'motor', 'tyre', 'tire'],
  home: ['home', 'sofa', 'chair', 'armchair', 'lamp', 'furniture', 'cushion', 'plant', 'interior'],
  health: ['health', 'fitness', 'wellness', 'gym', 'yoga', 'vitamin', 'boxing', 'aloe'],
  photography: ['photography', 'camera', 'lens', 'photo', 'tripod', 'film'],
  gaming: ['gaming', 'game', 'console', 'controller', 'keyboard', 'joystick', 'esports'],
  business: ['business', 'office', 'laptop', 'tablet', 'desk', 'typewriter', 'work'],
  music: ['music', 'headphone', 'vinyl', 'album', 'speaker', 'guitar', 'audio'],
  art: ['art', 'paint', 'canvas', 'statue', 'sculpture', 'drawing'],
};

/** Keywords for a category; an unknown category matches its own name (spec section 5). */
export function keywordsFor(category: string): readonly string[] {
  const key = category.trim().toLowerCase();
  return isCategory(key) ? CATEGORY_KEYWORDS[key] : [key];
}

/** Whether a template name matches a category's keyword set, ignoring case. */
export function nameMatchesCategory(name: string, category: string): boolean {
  const lower = name.toLowerCase();
  return keywordsFor(category).some((keyword) => lower.includes(keyword));
}

/** Case-insensitive substring match on the name; an empty search matches everything. */
export function nameMatchesSearch(name: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || name.toLowerCase().includes(needle);
}

export const TEMPLATE_SORTS = ['most_used', 'newest'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export const TEMPLATE_SORT_LABELS: Record<TemplateSort, string> = {
  most_used: 'Most Used',
  newest: 'Newest',
};

/** Paging of every list: 30 first, then 10 per Load More (spec section 9). */
export const PAGE_SIZE = { first: 30, more: 10, max: 60 } as const;
export const SKELETON_CARD_COUNT = 24;
export const MOBILE_BREAKPOINT_PX = 768;
export const VOTE_MESSAGE_MS = 3000;
/** Lazy images start loading this far before they scroll into view. */
export const LAZY_IMAGE_MARGIN_PX = 50;
export const DEFAULT_IMAGE_QUALITY = 75;

export const VOTE_TYPES = ['like', 'dislike'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export type UserVote = VoteType | 'none';
