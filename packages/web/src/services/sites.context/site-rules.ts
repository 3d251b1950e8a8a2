import { messages, type Lang } from '@dp/contracts';

/** A colour scheme code: Latin letters, digits, - and _ (or none), as the contract's colorScheme(). */
export const colorSchemeRule = (lang: Lang) => ({ pattern: /^[A-Za-z0-9_-]*$/, message: messages.code_format[lang] });
