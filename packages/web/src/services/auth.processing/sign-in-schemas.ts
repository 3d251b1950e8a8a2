import { email, passwordSignIn, type Lang } from '@dp/contracts';
import { validateWith } from '../../kit/rules.ts';

/** The identity is an e-mail: its format is checked before the server is asked. */
const schemas = { identity: email(), secret: passwordSignIn.shape.secret };

/**
 * The sign-in form's checks (the same rules and texts as the server's), loaded with zod and the
 * messages on the first check, not with the page (SignInPage): the message for a field's value, or
 * null when it passes.
 */
export function signInMessage(field: keyof typeof schemas, value: unknown, lang: Lang): string | null {
  return validateWith(schemas[field], value, lang);
}
