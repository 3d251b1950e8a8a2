import { reviewForm, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { SiteApi } from '../site-renderer/serve-site.ts';
import { invitationOfToken, rate } from './reviewer.flow.ts';

/**
 * The public rating page on the site's own host (`/_review/{token}`): 1 to 5 stars and a comment,
 * a plain form post (no script), in the site's language. A token rates once.
 */
const WORDS = {
  ru: {
    title: 'Оцените нашу работу',
    intro: 'Как мы справились с вашим обращением? Выберите оценку от 1 до 5.',
    stars: ['1 — очень плохо', '2 — плохо', '3 — удовлетворительно', '4 — хорошо', '5 — отлично'],
    comment: 'Комментарий (необязательно)',
    send: 'Отправить оценку',
    choose: 'Выберите оценку от 1 до 5',
    thanks: 'Спасибо за оценку!',
    public: 'Нам будет приятно, если вы расскажете о нас и на этих площадках:',
    complaint: 'Нам жаль, что не всё прошло хорошо. Мы передали вашу оценку и комментарий руководству и свяжемся с вами.',
    used: 'По этой ссылке оценка уже получена. Спасибо!',
    missing: 'Ссылка недействительна',
    missingText: 'Проверьте адрес из письма: по этой ссылке оценку оставить нельзя.',
  },
  en: {
    title: 'Rate our work',
    intro: 'How did we handle your request? Choose a rating from 1 to 5.',
    stars: ['1 — very bad', '2 — bad', '3 — fair', '4 — good', '5 — excellent'],
    comment: 'Comment (optional)',
    send: 'Send the rating',
    choose: 'Choose a rating from 1 to 5',
    thanks: 'Thank you for your rating!',
    public: 'We would be glad if you told others about us on these sites too:',
    complaint: 'We are sorry not everything went well. We have passed your rating and comment to the management and will contact you.',
    used: 'A rating has already been given through this link. Thank you!',
    missing: 'The link is not valid',
    missingText: 'Check the address in the mail: no rating can be given through this link.',
  },
};

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const STYLE = 'body{font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;color:#1f1f1f}h1{font-size:24px}fieldset{border:0;padding:0;margin:16px 0}label.star{display:block;padding:8px 0;font-size:17px}textarea{width:100%;box-sizing:border-box;min-height:120px;font:inherit;padding:8px}button{margin-top:16px;padding:12px 20px;font-size:16px;background:#1677ff;color:#fff;border:0;border-radius:6px;cursor:pointer}.error{color:#c00}ul{padding-left:20px}li{margin:8px 0}a{color:#1677ff}';
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(status: number, lang: Lang, title: string, body: string) {
  return {
    status,
    body: null,
    raw: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main class="review">${body}</main></body></html>`,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  };
}

function formPage(lang: Lang, status = 200, error: string | null = null, values: { rating?: number; comment?: string } = {}) {
  const w = WORDS[lang];
  const stars = w.stars
    .map((label, index) => `<label class="star"><input type="radio" name="rating" value="${index + 1}" required${values.rating === index + 1 ? ' checked' : ''}> ${escape(label)}</label>`)
    .join('');
  return page(
    status,
    lang,
    w.title,
    `<h1>${w.title}</h1><p>${w.intro}</p>${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}<form method="post" class="review-form"><fieldset><legend>${w.title}</legend>${stars}</fieldset><label for="comment">${w.comment}</label><textarea id="comment" name="comment" maxlength="2000">${escape(values.comment ?? '')}</textarea><button type="submit">${w.send}</button></form>`,
  );
}

export function reviewPageApi(ctx: Pick<ServiceContext, 'db' | 'modules' | 'jobs' | 'mailer' | 'log'>, prefix: string): SiteApi {
  return {
    prefix,
    maxBytes: 16 * 1024,
    async handle(call) {
      const lang: Lang = call.site.locale === 'en' ? 'en' : 'ru';
      const w = WORDS[lang];
      const token = call.path.replace(/\/$/, '');
      const missing = () => page(404, lang, w.missing, `<h1>${w.missing}</h1><p>${w.missingText}</p>`);
      if (call.method !== 'GET' && call.method !== 'HEAD' && call.method !== 'POST') return { ...page(405, lang, w.missing, `<h1>${w.missing}</h1>`), headers: { allow: 'GET, POST' } };
      const invitation = await invitationOfToken(ctx.db, call.site.id, token);
      if (!invitation) return missing();
      if (ctx.modules && (await ctx.modules.siteState(call.site.id, 'reviewer')) !== 'installed') return missing();
      if (invitation.rated_at) return page(200, lang, w.thanks, `<h1>${w.thanks}</h1><p>${w.used}</p>`);
      if (call.method !== 'POST') return formPage(lang);
      const fields = new URLSearchParams(call.contentType === 'application/x-www-form-urlencoded' ? (call.body ?? '') : '');
      const parsed = reviewForm.safeParse({ rating: fields.get('rating') ?? undefined, comment: fields.get('comment') ?? '' });
      if (!parsed.success) return formPage(lang, 400, w.choose, { comment: (fields.get('comment') ?? '').slice(0, 2000) });
      const result = await rate(ctx, invitation, parsed.data.rating, parsed.data.comment, lang);
      if (result.kind === 'used') return page(409, lang, w.thanks, `<h1>${w.thanks}</h1><p>${w.used}</p>`);
      const links = result.links.length
        ? `<p>${w.public}</p><ul class="review-links">${result.links.map((link) => `<li><a href="${escape(link.url)}" rel="noopener" target="_blank">${escape(link.title)}</a></li>`).join('')}</ul>`
        : '';
      return page(200, lang, w.thanks, `<h1>${w.thanks}</h1>${result.outcome === 'public' ? links : `<p>${w.complaint}</p>`}`);
    },
  };
}
