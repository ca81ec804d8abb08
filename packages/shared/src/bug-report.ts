export const BUG_REPORT_MAX_ATTACHMENTS = 10;
/** Per attachment; a screenshot is rarely over a few MB. */
export const BUG_REPORT_MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const BUG_REPORT_MAX_DESCRIPTION_LENGTH = 5000;
export const BUG_REPORT_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BUG_REPORT_ACCEPTED_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp'] as const;

export const BUG_REPORT_MESSAGES = {
  tooManyAttachments: 'Maximum 10 images allowed',
  failed: 'Failed to submit feedback. Please try again.',
  success: "Thank you for your feedback! We'll review it soon.",
  descriptionRequired: 'Please describe the problem.',
} as const;
