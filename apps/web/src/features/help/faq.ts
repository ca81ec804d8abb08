import { PLANS } from '@adtwin/shared';

export type FaqItem = { question: string; answer: string };
export type FaqTab = { id: string; label: string; items: readonly FaqItem[] };

/** The help centre's answers; the facts are the spec's stated ones. */
export const FAQ_TABS: readonly FaqTab[] = [
  {
    id: 'templates',
    label: 'Templates',
    items: [
      {
        question: 'How often are new templates added?',
        answer: 'The templates catalogue is refreshed every week, on Sundays.',
      },
      {
        question: 'How do I use a template?',
        answer:
          'Open a template, upload a photo of your product and press Create Image. The product in the ad is replaced by yours.',
      },
      {
        question: 'How many images can I make?',
        answer: `Each generated image uses 1 credit. Pro gives ${PLANS.pro.weekly.credits} images a week or ${PLANS.pro.monthly.credits} a month; Enterprise gives ${PLANS.enterprise.weekly.credits} a week or ${PLANS.enterprise.monthly.credits} a month.`,
      },
    ],
  },
  {
    id: 'community',
    label: 'Community',
    items: [
      {
        question: 'Who can see my templates?',
        answer:
          'Free users’ templates are always public. On a paid plan you can make any of your templates private.',
      },
      {
        question: 'Can I use templates other people shared?',
        answer:
          'Yes. Public community templates can be opened in the editor by anyone and used with your own product.',
      },
    ],
  },
  {
    id: 'design',
    label: 'Design',
    items: [
      {
        question: 'Can I change the words in an ad?',
        answer:
          'Yes, with up to 5 text replacements per image. Only Latin characters are supported for text replacement.',
      },
      {
        question: 'How accurate is the result?',
        answer:
          'About 95% of images come out right, and 95-99% with clean, well-lit product photos on a plain background.',
      },
      {
        question: 'Which image sizes can I make?',
        answer: 'Square (1024×1024), portrait (1024×1536) and landscape (1536×1024).',
      },
    ],
  },
  {
    id: 'general',
    label: 'General',
    items: [
      {
        question: 'How do I change or cancel my plan?',
        answer:
          'Open Subscription and press Manage on your plan. A cancelled plan keeps working until the end of the period you paid for.',
      },
      {
        question: 'Which download formats are there?',
        answer:
          'Everyone can download PNG previews. Paid plans add full-resolution downloads in PNG, JPG and WebP.',
      },
      {
        question: 'How do I delete my account?',
        answer:
          'In Settings, press Delete Account. Cancel any subscription first; once its period has ended, your account and every file of yours are deleted.',
      },
    ],
  },
];
