import { z } from 'zod';
import { encodeMessage } from './message-texts.ts';

export * from './message-texts.ts';

/**
 * Zod's messages for the generic checks become our keys, so that a schema written plainly
 * (z.string().min(1).max(200)) speaks the specification's texts on the server and in the web.
 */
function zodIssueToMessage(issue: z.core.$ZodRawIssue): string | undefined {
  // Nothing given at all is "required", whatever the type or choice expected.
  if ((issue.input === undefined || issue.input === null) && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code ?? ''))
    return encodeMessage('required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return encodeMessage('required');
      if (issue.expected === 'int') return encodeMessage('integer');
      return encodeMessage('invalid_type');
    case 'too_small':
      if ((issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') && Number(issue.minimum) === 1)
        return encodeMessage('required');
      if (issue.origin === 'string') return encodeMessage('min_length', { length: Number(issue.minimum) });
      return encodeMessage('min_value', { value: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return encodeMessage('max_length', { length: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return encodeMessage('max_items', { count: Number(issue.maximum) });
      return encodeMessage('max_value', { value: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return encodeMessage('email');
      if (issue.format === 'url') return encodeMessage('url');
      return encodeMessage('invalid_type');
    case 'invalid_value':
      return encodeMessage('invalid_choice');
    case 'unrecognized_keys':
      return encodeMessage('unknown_field', { field: issue.keys.join(', ') });
    default:
      return undefined;
  }
}

z.config({ customError: zodIssueToMessage });
