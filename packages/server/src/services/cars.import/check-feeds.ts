import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ImportFeedFile } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { safeFetchStream } from '../../kit/safe-fetch.ts';
import { importSettings, type FeedFingerprint } from './import.table.ts';
import { feedSource } from './run-import.ts';

/** Whether the configured files are others than those the last import read (a file added, removed, uploaded anew or a URL changed). */
export function filesDiffer(files: ImportFeedFile[], state: FeedFingerprint[]): boolean {
  const now = files.map((file) => (feedSource(file))).sort();
  const then = state.map((item) => item.source).sort();
  return now.length !== then.length || now.some((source, index) => source !== then[index]);
}

/**
 * Whether one URL feed changed since the last import read it: a conditional GET through the SSRF
 * guard (If-None-Match / If-Modified-Since from what the import recorded); 304 means unchanged;
 * otherwise an ETag or Last-Modified the server gives decides, and without them the content hash.
 */
async function urlChanged(url: string, known: FeedFingerprint, timeoutNanoseconds: number): Promise<boolean> {
  const headers: Record<string, string> = {};
  if (known.etag) headers['if-none-match'] = known.etag;
  if (known.last_modified) headers['if-modified-since'] = known.last_modified;
  const response = await safeFetchStream(url, { headers, timeoutMs: timeoutNanoseconds / 1_000_000, maxBytes: 200 * 1024 * 1024, requireOk: false });
  if (response.status === 304) {
    response.body.resume();
    return false;
  }
  if (response.status < 200 || response.status > 299) {
    response.body.resume();
    // A feed that does not answer now has not been read anew: it counts as changed (the next import will tell).
    return true;
  }
  const etag = response.headers.etag ?? null;
  if (etag && known.etag) {
    response.body.resume();
    return etag !== known.etag;
  }
  const hash = createHash('sha256');
  for await (const chunk of response.body) hash.update(chunk as Buffer);
  return hash.digest('hex') !== known.sha256;
}

/** Checks every feed file of the settings against what the last import read; keeps and answers the result. */
export async function checkFeedChanges(ctx: ServiceContext, settings: typeof importSettings.$inferSelect): Promise<boolean> {
  const files = settings.files as ImportFeedFile[];
  let changed = filesDiffer(files, settings.feed_state);
  if (!changed) {
    const known = new Map(settings.feed_state.map((item) => [item.source, item]));
    for (const file of files) {
      if (file.kind !== 'url') continue; // an upload is known by its id: a new upload is a new id
      if (await urlChanged(file.url, known.get(feedSource(file))!, settings.timeout).catch(() => true)) {
        changed = true;
        break;
      }
    }
  }
  await ctx.db.update(importSettings).set({ feed_changed: changed, feed_checked_at: new Date() }).where(eq(importSettings.id, settings.id));
  return changed;
}
