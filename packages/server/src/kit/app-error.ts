import type { MessageKey, MessageParams } from '@dp/contracts';

/**
 * An error the API answers with: a status, a message key from contracts, and where it points.
 * In a module of its own, importing only types, so that the file readers' worker
 * (kit/untrusted-file.ts) throws it without loading zod and every message text; kit/errors.ts
 * turns it into the answer.
 */
export class AppError extends Error {
  constructor(
    public status: number,
    public key: MessageKey,
    public params?: MessageParams,
    public pointer?: string,
    public headers?: Record<string, string>,
  ) {
    super(key);
  }

  /** Further field errors of the same answer (a floor's values: every problem at once), at most MAX_ERRORS in all. */
  others?: AppError[];
  /** The answer's code when it is not the message's key (one code, worded for where it happened). */
  code?: string;
}
