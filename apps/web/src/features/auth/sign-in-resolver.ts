import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@adtwin/shared';

/** The sign-in form's checks, loaded on its first blur or submit (SignInForm). */
export const signInResolver = zodResolver(signInSchema);
