import { NotifiedCache } from '../../kit/notified-cache.ts';
import type { SiteCreditTerms } from './credit-terms.ts';

/** The channel the credit tables' triggers NOTIFY on (migration 0042). */
export const CREDIT_CHANNEL = 'dp_credit';


/**
 * The terms each site's calculations use, kept per process: any write to a bank, programme,
 * version, pack or settings (by any process, any path: the tables' triggers) drops them all, so a
 * calculation never uses terms older than the last committed change this process has heard of.
 * While the LISTEN connection is down nothing is kept (kit/notified-cache.ts).
 */
export class CreditTermsCache extends NotifiedCache {
  /** By site and its client ("12:3"): a site moved to another client is another entry. */
  private sites = new Map<string, SiteCreditTerms>();

  constructor() {
    super(CREDIT_CHANNEL);
  }

  /** The site's terms, kept or loaded (one load for the calls that ask together). */
  async ofSite(site: { id: number; client_id: number }, load: () => Promise<SiteCreditTerms>): Promise<SiteCreditTerms> {
    const key = `${site.id}:${site.client_id}`;
    const kept = this.live ? this.sites.get(key) : undefined;
    if (kept) return kept;
    return this.shared(`site:${key}`, async () => {
      const generation = this.generation;
      const terms = await load();
      // A site's terms are small (its packs' programmes); a thousand sites are a few megabytes.
      if (this.live && generation === this.generation) {
        if (this.sites.size >= 5000) this.sites.clear();
        this.sites.set(key, terms);
      }
      return terms;
    });
  }

  protected dropFor(): void {
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.sites.clear();
  }
}
