import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorResponse } from './errors.js';

/** `fullName` → "Full name", `items.0.toReplace` → "To replace": what a person calls the field. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((part) => typeof part === 'string');
  if (!last) return 'The request';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid e-mail address',
  uuid: 'a valid id',
  url: 'a valid web address',
  datetime: 'a valid date and time',
};

/** One validation problem in plain words, naming the field: "Full name can be at most 200 characters." */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `${field} can be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${field} can hold at most ${issue.maximum} items.`;
      }
      return `${field} can be at most ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${field} is required.`
          : `${field} needs at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${field} needs at least ${issue.minimum} items.`;
      }
      return `${field} must be at least ${issue.minimum}.`;
    case 'invalid_type':
      // Zod leaves the input out of its issues; its message says when there was none.
      return /received undefined$/.test(issue.message)
        ? `${field} is required.`
        : `${field} must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}.`;
    case 'invalid_format':
      return `${field} must be ${FORMAT_WORDS[issue.format] ?? `in the ${issue.format} format`}.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'custom':
      // A rule of a shared form schema: its text is the spec's, word for word.
      return issue.message;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

/** Bad bodies, queries and params answer 400 with the first problem in plain words. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    const issue = result.error.issues[0];
    return errorResponse(
      c,
      400,
      issue ? describeIssue(issue) : 'The request is not valid.',
      'invalid_request',
    );
  }
  return undefined;
};
