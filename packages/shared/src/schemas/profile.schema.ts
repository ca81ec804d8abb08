import { z } from 'zod';
import { USER_TYPES } from '../limits.js';

/** PUT /api/me/user-type (Settings' user type dialog). */
export const UserTypeBodySchema = z.object({ userType: z.enum(USER_TYPES) });
