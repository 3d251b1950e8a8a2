import { isPhone, type Lang } from '@dp/contracts';
import { html, type Html } from './html.ts';
import { say } from './texts.ts';

/**
 * Request forms of public sites (the floors' `form` component). They render and are checked in the
 * browser (required fields, the phone's format, lengths) and again on the server when posted, so
 * they work without JavaScript. With it, the site's script masks the phone and puts the request's
 * analytics block (the visit's UTM, the page, the counters' ids) into the hidden `analytics` field.
 * A correct form goes to the request intake (request.storage sets the renderer's `formSink`); where
 * none is set, it answers that intake is not connected and nothing is stored.
 */
export interface FormValues {
  name: string;
  phone: string;
  comment: string;
  consent: boolean;
}

export interface FormOutcome {
  /** Which form of the page was posted: the region and index of its floor ('main-2'). */
  placement: string;
  values: FormValues;
  errors: Partial<Record<keyof FormValues, string>>;
  ok: boolean;
  /** The posted fields beside the form's own (the captcha's answer, the analytics block's JSON), for the request intake. */
  extra: Record<string, string>;
  /** Taken by the request intake (the notice says so); false or absent: intake not connected. */
  sent?: boolean;
  /** Why the intake refused a correct form (the captcha, a block, a limit), shown above it. */
  submitError?: string;
}

/** The longest smart captcha token taken (the intake's own limit). */
const SMART_TOKEN_MAX = 4000;
/** The most a posted form may weigh. */
export const FORM_MAX_BYTES = 16 * 1024;
const LIMITS = { name: 100, phone: 30, comment: 1000 } as const;
/** Control characters (line breaks only in the comment), as every text of the platform refuses them. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** The phone rule of contracts (PHONE_PATTERN) as an HTML pattern (valid with the `v` flag browsers use). */
export const PHONE_HTML_PATTERN = String.raw`(?:(?:\+7|7|8)[\s.\-]*\(?[\s.\-]*[0-9]{3}[\s.\-]*\)?|\(?[\s.\-]*[3-9][0-9]{2}[\s.\-]*\)?)[\s.\-]*[0-9]{3}[\s.\-]*[0-9]{2}[\s.\-]*[0-9]{2}`;
/** The longest analytics block taken from a form (its JSON); the intake cleans what it holds. */
const ANALYTICS_MAX = 8000;

/** Reads and checks a posted form (application/x-www-form-urlencoded). */
export function checkForm(body: string, lang: Lang): FormOutcome {
  const params = new URLSearchParams(body);
  const get = (name: string) => (params.get(name) ?? '').trim();
  const values: FormValues = { name: get('name'), phone: get('phone'), comment: get('comment'), consent: params.get('consent') === 'on' };
  const errors: FormOutcome['errors'] = {};
  const text = (field: 'name' | 'phone' | 'comment', required: boolean) => {
    const value = values[field];
    if (!value) {
      if (required) errors[field] = say(lang, 'form_required');
      return;
    }
    if ((field === 'comment' ? CONTROL : CONTROL_SINGLE_LINE).test(value)) errors[field] = say(lang, 'form_invalid_characters');
    else if (value.length > LIMITS[field]) errors[field] = say(lang, 'form_too_long', { length: LIMITS[field] });
  };
  text('name', true);
  text('phone', true);
  text('comment', false);
  if (!errors.phone && !isPhone(values.phone)) errors.phone = say(lang, 'form_phone_invalid');
  if (!values.consent) errors.consent = say(lang, 'form_required');
  // What is shown back is cut to the limits: a posted megabyte never reaches the page.
  for (const field of ['name', 'phone', 'comment'] as const) values[field] = values[field].slice(0, LIMITS[field]);
  const extra = Object.fromEntries(['captcha_challenge', 'captcha_nonce'].map((name) => [name, get(name).slice(0, 300)]));
  // The smart captcha's widget puts its token into the form as `smart-token`.
  extra['smart-token'] = get('smart-token').slice(0, SMART_TOKEN_MAX);
  extra.analytics = get('analytics').slice(0, ANALYTICS_MAX);
  return { placement: get('_form').slice(0, 40), values, errors, ok: Object.keys(errors).length === 0, extra };
}

export interface FormView {
  /** The id of the form's section: the address the form posts to ends with it. */
  anchor: string;
  placement: string;
  action: string;
  lang: Lang;
  buttonText: string;
  /** The site's depersonalization period in days, if it depersonalizes. */
  depersonalizationDays: number | null;
  outcome: FormOutcome | null;
  /** The smart captcha's client key when the site uses it: its widget replaces the proof of work. */
  smartCaptchaKey?: string | null;
}

/** The form's markup: labelled fields, errors tied to them, the consent, the button. */
export function renderForm(view: FormView): Html {
  const { lang, outcome } = view;
  const values: FormValues = outcome && !outcome.ok ? outcome.values : { name: '', phone: '', comment: '', consent: false };
  const errors = outcome && !outcome.ok ? outcome.errors : {};
  const id = (field: string) => `${view.anchor}-${field}`;
  const described = (field: keyof FormValues) => (errors[field] ? html` aria-invalid="true" aria-describedby="${id(field)}-error"` : null);
  const error = (field: keyof FormValues) => (errors[field] ? html`<div class="field__error" id="${id(field)}-error">${errors[field]}</div>` : null);
  const messages = html` data-msg-required="${say(lang, 'form_required')}"`;
  const consent = view.depersonalizationDays ? say(lang, 'form_consent_period', { days: view.depersonalizationDays }) : say(lang, 'form_consent');
  const notice = outcome?.ok
    ? outcome.sent
      ? html`<p class="form-notice" role="status">${say(lang, 'form_sent')}</p>`
      : html`<p class="form-notice" role="status">${say(lang, 'form_checked')}. ${say(lang, 'form_not_connected')}</p>`
    : outcome?.submitError
      ? html`<p class="form-notice form-notice--error" role="alert">${outcome.submitError}</p>`
      : outcome
      ? html`<p class="form-notice form-notice--error" role="alert">${say(lang, 'form_errors')}</p>`
      : null;
  return html`${notice}<form class="form" method="post" action="${view.action}#${view.anchor}">
<input type="hidden" name="_form" value="${view.placement}"><input type="hidden" name="captcha_challenge" value=""><input type="hidden" name="captcha_nonce" value=""><input type="hidden" name="analytics" value="">
<div class="field"><label for="${id('name')}">${say(lang, 'form_name')}</label><input id="${id('name')}" name="name" type="text" required maxlength="${LIMITS.name}" autocomplete="name" value="${values.name}"${messages} data-msg-long="${say(lang, 'form_too_long', { length: LIMITS.name })}"${described('name')}>${error('name')}</div>
<div class="field"><label for="${id('phone')}">${say(lang, 'form_phone')}</label><input id="${id('phone')}" name="phone" type="tel" required maxlength="${LIMITS.phone}" autocomplete="tel" inputmode="tel" placeholder="+7 (___) ___-__-__" pattern="${PHONE_HTML_PATTERN}" value="${values.phone}"${messages} data-msg-pattern="${say(lang, 'form_phone_invalid')}"${described('phone')}>${error('phone')}</div>
<div class="field"><label for="${id('comment')}">${say(lang, 'form_comment')}</label><textarea id="${id('comment')}" name="comment" rows="3" maxlength="${LIMITS.comment}" data-msg-long="${say(lang, 'form_too_long', { length: LIMITS.comment })}"${described('comment')}>${values.comment}</textarea>${error('comment')}</div>
<div class="field field--check"><input id="${id('consent')}" name="consent" type="checkbox" required${values.consent ? html` checked` : null}${messages}${described('consent')}><label for="${id('consent')}">${consent}</label></div>${error('consent')}
${view.smartCaptchaKey ? html`<div class="field smart-captcha" data-sitekey="${view.smartCaptchaKey}" data-hl="${lang}"></div>` : null}
<div><button class="btn btn--primary" type="submit">${view.buttonText}</button></div>
</form>`;
}
