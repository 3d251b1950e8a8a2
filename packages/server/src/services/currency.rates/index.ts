import { defineServerService } from '../../kit/service.ts';
import * as rateTables from './exchange-rate.table.ts';
import { rateNeeded, refreshRate, REFRESH_RATE_JOB, REFRESH_RATE_SCHEDULE } from './exchange-rate.ts';
import { registerRateRoutes } from './rates.routes.ts';

/** currency.rates: the USD rate the admin converts roubles at for English readers, read daily from the Bank of Russia. */
export const currencyRates = defineServerService({
  name: 'currency.rates',
  tables: [rateTables],
  async register(app, ctx) {
    registerRateRoutes(app, ctx);
  },
  jobs: (ctx) => ({
    // A failed read is logged and told, not thrown: the last known rate stays until the next day's read.
    [REFRESH_RATE_JOB]: async () => void (await refreshRate(ctx)),
  }),
  schedules: { [REFRESH_RATE_JOB]: REFRESH_RATE_SCHEDULE },
  // Before this process takes a job: a rate is read at once while none is known or the newest is over a day old.
  async beforeWork(ctx, queue) {
    if (ctx.config.exchangeRateUrl && (await rateNeeded(ctx.db))) await queue.send(REFRESH_RATE_JOB, {}, { singletonKey: REFRESH_RATE_JOB });
  },
});
