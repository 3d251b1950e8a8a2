import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsReadBody } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { markNewsRead, readNewsFeed } from './news-feed.ts';

/** The home page's news for any signed-in user, and their read marks. */
export function registerNewsRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform'];

  r.get('/gateway/platform/api/v1/op_news_feed', { schema: { tags, summary: "The reader's platform news in their language, pinned first, newest first" } }, async (request) => {
    const auth = requireAuth(request.auth);
    const items = await readNewsFeed(ctx.db, auth, request.lang);
    return { data: items.map(({ id, ...attributes }) => ({ id, type: 'op_news_feed', attributes })), meta: { unread: items.filter((item) => !item.read).length } };
  });

  r.post('/gateway/platform/api/v1/op_news_feed/read', { schema: { tags, summary: 'Mark news items read by the reader', body: newsReadBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const marked = await markNewsRead(ctx.db, auth, request.body.data.ids);
    return { data: { marked } };
  });
}
