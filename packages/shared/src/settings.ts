import { z } from 'zod';
import { ruledString } from './auth-forms.js';
import { FULL_NAME_MAX_LENGTH } from './input-rules.js';

/** Texts and rules of /settings and account deletion (spec sections 5 and 8), word for word. */
export const SETTINGS_MESSAGES = {
  nameEmpty: 'Name cannot be empty',
  nameHasNumbers: 'Name cannot contain numbers',
  nameFailed: 'Could not update name',
  nameUpdated: 'Name updated successfully.',
  userTypeFailed: 'Failed to update user type. Please try again.',
  userTypeUpdated: 'User type updated successfully!',
  avatarFailed: 'Error uploading avatar',
  avatarUpdated: 'Avatar updated successfully.',
  uploadTypes: 'Please upload only webp, png, or jpeg images.',
  resetFailed: 'Error sending password reset email',
  resetSent: 'Password reset email sent.',
} as const;

export const DELETE_ACCOUNT_MESSAGES = {
  activeSubscription:
    'Cannot delete account with active subscription. Please cancel your subscription first from the Subscription page.',
  failed: 'Error deleting account. Please try again.',
  deleted: 'Your account has been deleted successfully.',
  progress: 'Deleting your account...',
} as const;

/** Largest avatar accepted, in bytes. The spec names no limit; 5 MB fits any phone photo. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Avatar must be 5 MB or smaller.';
/** Avatar folder list limit of the spec. */
export const AVATAR_LIST_LIMIT = 100;

/** Full name as saved from Settings: not empty, no digits. Null when valid. */
export function validateFullName(name: string): string | null {
  if (!name.trim()) return SETTINGS_MESSAGES.nameEmpty;
  if (/\d/.test(name)) return SETTINGS_MESSAGES.nameHasNumbers;
  return null;
}

/** Settings' Full Name form and PUT /api/me/name. */
export const fullNameSchema = z.object({
  fullName: ruledString(validateFullName).max(FULL_NAME_MAX_LENGTH),
});
export type FullNameInput = z.infer<typeof fullNameSchema>;
