import { z } from 'zod';
import { USER_TYPES, type UserType } from './limits.js';

export const SOURCES = [
  'instagram',
  'tiktok',
  'word_of_mouth',
  'google_search',
  'ai_told_me',
  'other',
] as const;
export type Source = (typeof SOURCES)[number];

/** The six cards of onboarding step 1, in order. */
export const USER_TYPE_OPTIONS: readonly { value: UserType; label: string; description: string }[] =
  [
    {
      value: 'creator',
      label: 'Creator',
      description: 'Influencer, content creator or media host',
    },
    {
      value: 'ecommerce',
      label: 'E-commerce',
      description: 'Online store, product brand or seller',
    },
    {
      value: 'small_business',
      label: 'Small business',
      description: 'Local store, clothing, service or restaurant',
    },
    { value: 'designer', label: 'Designer', description: 'Graphic artist or product designer' },
    { value: 'explorer', label: 'Explorer', description: 'Just exploring and testing the app' },
    { value: 'other', label: 'Other', description: 'Something else' },
  ];

/** The six cards of onboarding step 2, in order. */
export const SOURCE_OPTIONS: readonly { value: Source; label: string; description: string }[] = [
  { value: 'instagram', label: 'Instagram', description: 'A post, reel or story' },
  { value: 'tiktok', label: 'TikTok', description: 'A video on TikTok' },
  { value: 'word_of_mouth', label: 'Word of mouth', description: 'Friend or colleague told me' },
  { value: 'google_search', label: 'Google search', description: 'Found it while searching' },
  { value: 'ai_told_me', label: 'AI told me', description: 'ChatGPT or other AI suggested it' },
  { value: 'other', label: 'Other', description: 'Somewhere else' },
];

export const ONBOARDING_MESSAGES = {
  incomplete: 'Please complete all steps.',
  saveFailed: 'Failed to complete onboarding. Please try again.',
  otherPlaceholder: 'Please specify how you found us',
} as const;

/** The longest "Other" answer the server keeps; the form shows no limit, as the spec says. */
export const SOURCE_OTHER_MAX_LENGTH = 500;

export function isUserType(value: string): value is UserType {
  return (USER_TYPES as readonly string[]).includes(value);
}

/** The stored source: the typed text when Other was chosen, else the option's value. */
export function resolveSource(choice: Source, otherText: string): string | null {
  if (choice !== 'other') return choice;
  const text = otherText.trim();
  return text ? text : null;
}

/** Both onboarding steps and PUT /api/me/onboarding: "Other" needs its text. */
export const onboardingSchema = z
  .object({
    userType: z.enum(USER_TYPES),
    source: z.enum(SOURCES),
    sourceOther: z.string().max(SOURCE_OTHER_MAX_LENGTH).default(''),
  })
  .refine((answers) => resolveSource(answers.source, answers.sourceOther) !== null, {
    message: ONBOARDING_MESSAGES.incomplete,
    path: ['sourceOther'],
  });
export type OnboardingInput = z.input<typeof onboardingSchema>;
