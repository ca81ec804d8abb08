/**
 * Every user-visible text of the specification, word for word. Web, server and tests import
 * these; a test checks them once against the spec's literal text.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordNeedsLowercase: 'Password must include at least one lowercase letter',
  passwordNeedsUppercase: 'Password must include at least one uppercase letter',
  passwordNeedsNumber: 'Password must include at least one number',
  passwordNeedsSymbol: 'Password must include at least one symbol',
  resetEmailRequired: 'Email is required for password reset',
  invalidLogin: 'Invalid email or password',
  signInFailed: 'Sign in failed',
  emailAlreadyRegistered: 'Email already registered',
  invalidEmail: 'Invalid email',
  signUpFailed: 'Sign up failed',
  unexpected: 'An unexpected error occurred',
  googleFailed: 'Error signing in with Google',
  resetFailed: 'Error resetting password',
  loggedIn: 'Logged in successfully!',
  signedInWithGoogle: 'Signed in with Google!',
  accountCreated: 'Account created! Please check your email to verify your account.',
  resetEmailSent: 'Password reset email sent!',
} as const;

export const STRENGTH_LABELS = [
  'Enter a password',
  'Weak password',
  'Medium password',
  'Strong password',
] as const;

export function verificationText(email: string): string {
  return `We've sent a verification email to ${email}. Please check your inbox or junk and click the link to verify your account.`;
}

/** Texts of the browsing screens (spec 02 sections 2 and 8), word for word. */
export const BROWSE_MESSAGES = {
  noTemplatesFound: 'No templates found',
  clearSearch: 'Clear search',
  viewAllTemplates: 'View all templates',
  loadMore: 'Load More',
  heroTitle: 'Create your own template',
  heroText: 'Clone any Ad or product image in seconds with just your product photo',
  startDesigning: 'Start Designing',
  myTemplates: 'My Templates',
  communityTemplates: 'Community Templates',
  communityEmpty: 'No templates available in the community yet.',
  myDesigns: 'My Designs',
  yourUploads: 'Your Uploads',
  noDesigns: "You haven't created any designs yet",
  noTemplates: "You haven't created any templates yet",
  noUploads: "You haven't uploaded any images yet",
  designsFailed: 'Failed to load your designs. Please try again.',
  templatesFailed: 'Failed to load your templates. Please try again.',
  uploadsFailed: 'Failed to load your uploads. Please try again.',
  visibilityFailed: 'Failed to update template visibility. Please try again.',
  nowPublic: 'Template is now public',
  nowPrivate: 'Template is now private',
  duplicateName: 'A file with this name already exists',
  imageLoadFailed: 'Failed to load image',
  uploadTypes: 'Please upload only webp, png, or jpeg images.',
  usageTooltip: 'How many times this template has been used',
  privateTemplateDenied: 'You cannot access this private template',
  templateNotFound: 'Template not found',
} as const;

export const renameFailed = (reason: string) => `Failed to rename image: ${reason}`;
export const deleteFailed = (reason: string) => `Failed to delete image: ${reason}`;

export const VOTE_MESSAGES = {
  removed: 'Vote removed',
  updated: 'Vote updated',
  recorded: 'Vote recorded',
  inProgress: 'Action in progress...',
  selectTemplate: 'Select a template.',
  community: 'Voting not available for community templates.',
  viewMode: 'Voting disabled in view mode.',
  signIn: 'Please login to vote.',
} as const;

export const voteError = (message: string) => `Error: ${message}`;

/** "1 template", "3 templates": a count with its noun in the right number (regular plurals). */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
