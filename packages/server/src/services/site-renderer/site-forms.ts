import { email, isPhone, type Lang, type RequestTypeId } from '@dp/contracts';
import { html, type Html } from './html.ts';
import { formName, say, type FieldLabel } from './texts.ts';

/**
 * Request forms of public sites (the floors' `form` component). Each request type a site takes
 * from its pages has its own form: a callback, a test drive, a service booking, buying a model, a
 * newsletter subscription, a trade-in valuation (the component's `form` choice; credit asks for a call back).
 * They render and are checked in the browser (required fields, formats, lengths) and again on the
 * server when posted, so they work without JavaScript. With it, the site's script masks the phone
 * and puts the request's analytics block (the visit's UTM, the page, the counters' ids) into the
 * hidden `analytics` field of every one of them. A correct form becomes its request type's
 * attributes (contracts request-types.ts) and goes to the request intake (request.storage sets the
 * renderer's `formSink`); where none is set, it answers that intake is not connected.
 */
export const FORM_KINDS = ['callback', 'test_drive', 'service', 'buy_model', 'subscription', 'trade_in'] as const;
/** The floors' forms, the car page's own request for its car (a cars-in-stock request, type 5) and an accessory's order (type 10). */
export type FormKind = (typeof FORM_KINDS)[number] | 'car' | 'accessory';
/** The form a floor's `form` choice draws: an unknown choice (credit, trade-in) is a callback. */
export const formKindOf = (choice: unknown): FormKind => (FORM_KINDS.includes(choice as (typeof FORM_KINDS)[number]) ? (choice as FormKind) : 'callback');

/** A catalogue model the site sells, as the model select offers it. */
export interface FormModel {
  id: number;
  name: string;
}

type FieldName = 'name' | 'phone' | 'email' | 'model' | 'time' | 'works' | 'vin' | 'mileage' | 'comment' | 'brand' | 'car_model' | 'year';
interface FieldDef {
  name: FieldName;
  input: 'text' | 'tel' | 'email' | 'textarea' | 'model' | 'datetime' | 'vin' | 'mileage' | 'year';
  required: boolean;
  max: number;
  label: FieldLabel;
  autocomplete?: string;
}

const FIELD = {
  name: { name: 'name', input: 'text', required: true, max: 100, label: 'form_name', autocomplete: 'name' },
  phone: { name: 'phone', input: 'tel', required: true, max: 30, label: 'form_phone', autocomplete: 'tel' },
  email: { name: 'email', input: 'email', required: true, max: 254, label: 'form_email', autocomplete: 'email' },
  model: { name: 'model', input: 'model', required: true, max: 100, label: 'form_model' },
  time: { name: 'time', input: 'datetime', required: true, max: 16, label: 'form_time' },
  works: { name: 'works', input: 'text', required: true, max: 255, label: 'form_works' },
  vin: { name: 'vin', input: 'vin', required: false, max: 17, label: 'form_vin' },
  mileage: { name: 'mileage', input: 'mileage', required: false, max: 8, label: 'form_mileage' },
  comment: { name: 'comment', input: 'textarea', required: false, max: 1000, label: 'form_comment' },
  // The visitor's own car (trade-in): its brand and model in words, its year.
  brand: { name: 'brand', input: 'text', required: true, max: 100, label: 'form_brand' },
  car_model: { name: 'car_model', input: 'text', required: true, max: 100, label: 'form_car_model' },
  year: { name: 'year', input: 'year', required: true, max: 4, label: 'form_year' },
} satisfies Record<FieldName, FieldDef>;
const optional = (field: FieldDef): FieldDef => ({ ...field, required: false });

/** Each form's fields, in the order they are shown; the consent follows them all. */
const FORM_FIELDS: Record<FormKind, FieldDef[]> = {
  callback: [FIELD.name, FIELD.phone, FIELD.comment],
  test_drive: [FIELD.name, FIELD.phone, FIELD.model, FIELD.time],
  service: [FIELD.name, FIELD.phone, FIELD.works, FIELD.vin, FIELD.mileage, optional(FIELD.time)],
  buy_model: [FIELD.name, FIELD.phone, FIELD.model, FIELD.comment],
  subscription: [optional(FIELD.name), FIELD.email],
  car: [FIELD.name, FIELD.phone, FIELD.comment],
  accessory: [FIELD.name, FIELD.phone, FIELD.comment],
  // The site's trade-in settings (tradein.calculator) are checked at the intake: a refused car's reason is shown above the form.
  // They also add optional fields (tradeInFields).
  trade_in: [FIELD.name, FIELD.phone, FIELD.brand, FIELD.car_model, FIELD.year, { ...FIELD.mileage, required: true }],
};

/** The optional fields a site's trade-in settings may add to its trade-in form, in the order shown. */
const TRADE_IN_OPTIONAL: FieldDef[] = [optional(FIELD.vin), optional(FIELD.email), FIELD.comment];

/** A form's fields: its kind's, and for a trade-in form the optional ones its site's settings chose. */
function fieldsOf(spec: FormSpec): FieldDef[] {
  const fields = FORM_FIELDS[spec.kind];
  if (spec.kind !== 'trade_in') return fields;
  const chosen = new Set(spec.optionalFields ?? []);
  return [...fields, ...TRADE_IN_OPTIONAL.filter((field) => chosen.has(field.name))];
}

/** Which form was posted and what it offers: its kind and the models of its select (none: a text). */
export interface FormSpec {
  kind: FormKind;
  models: FormModel[];
  /** The car a car page's form asks about (its id and name, from the page, never from the visitor). */
  car?: { id: number; name: string };
  /** The accessory an accessory page's order names (its id, and its name with the article code), from the page. */
  accessory?: { id: number; name: string };
  /** The optional fields the site's trade-in settings add to a trade-in form (vin, email, comment). */
  optionalFields?: readonly string[] | null;
}

/** What a correct form becomes: a request of its type with the type's attributes (the intake adds consent, hash, analytics). */
export interface FormRequest {
  type: RequestTypeId;
  attributes: Record<string, unknown>;
}

export interface FormOutcome {
  /** Which form of the page was posted: the region and index of its floor ('main-2'). */
  placement: string;
  kind: FormKind;
  /** The posted values of the form's fields, cut to their limits (shown back on an error). */
  values: Partial<Record<FieldName, string>>;
  consent: boolean;
  errors: Partial<Record<FieldName | 'consent', string>>;
  ok: boolean;
  /** The request it becomes, when it is correct. */
  request: FormRequest | null;
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
/** Control characters (line breaks only in the comment), as every text of the platform refuses them. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** The phone rule of contracts (PHONE_PATTERN) as an HTML pattern (valid with the `v` flag browsers use). */
export const PHONE_HTML_PATTERN = String.raw`(?:(?:\+7|7|8)[\s.\-]*\(?[\s.\-]*[0-9]{3}[\s.\-]*\)?|\(?[\s.\-]*[3-9][0-9]{2}[\s.\-]*\)?)[\s.\-]*[0-9]{3}[\s.\-]*[0-9]{2}[\s.\-]*[0-9]{2}`;
/** A VIN: 17 letters and digits without I, O and Q (request-types.ts checks the same, in capitals). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;
const VIN_HTML_PATTERN = '[A-HJ-NPR-Za-hj-npr-z0-9]{17}';
/** The date and time input's value (`2026-12-05T11:00`). */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** The largest mileage taken (request-types.ts service mileage). */
const MILEAGE_MAX = 10_000_000;
/** The longest analytics block taken from a form (its JSON); the intake cleans what it holds. */
const ANALYTICS_MAX = 8000;
const emailSchema = email();
/** The mileage's message, its bound written as the language groups digits (10 000 000). */
const mileageMessage = (lang: Lang) => say(lang, 'form_mileage_invalid', { max: MILEAGE_MAX.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US') });

/** The years a car's year may be: from the first cars to next year's models. */
const YEAR_MIN = 1900;
const yearMax = () => new Date().getUTCFullYear() + 1;

/** A date and time as typed in the form, when it is a real one. */
function validDateTime(value: string): boolean {
  const match = DATETIME.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

/** The problem of one posted value, or null: required, characters, length, then its format. */
function fieldError(field: FieldDef, value: string, spec: FormSpec, lang: Lang): string | null {
  if (!value) return field.required ? say(lang, 'form_required') : null;
  if ((field.input === 'textarea' ? CONTROL : CONTROL_SINGLE_LINE).test(value)) return say(lang, 'form_invalid_characters');
  if (value.length > field.max) return say(lang, 'form_too_long', { length: field.max });
  switch (field.input) {
    case 'tel':
      return isPhone(value) ? null : say(lang, 'form_phone_invalid');
    case 'email':
      return emailSchema.safeParse(value).success ? null : say(lang, 'form_email_invalid');
    case 'vin':
      return VIN.test(value) ? null : say(lang, 'form_vin_invalid');
    case 'mileage':
      return /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MILEAGE_MAX ? null : mileageMessage(lang);
    case 'datetime':
      return validDateTime(value) ? null : say(lang, 'form_time_invalid');
    case 'year':
      return /^\d{4}$/.test(value) && Number(value) >= YEAR_MIN && Number(value) <= yearMax() ? null : say(lang, 'form_year_invalid', { min: YEAR_MIN, max: yearMax() });
    case 'model':
      return !spec.models.length || spec.models.some((model) => String(model.id) === value) ? null : say(lang, 'form_model_invalid');
    default:
      return null;
  }
}

/** The intake's attributes of a correct form: each type's fields in the shape its schema takes. */
function requestOf(spec: FormSpec, values: Partial<Record<FieldName, string>>, lang: Lang): FormRequest {
  const person = { name: values.name || null, phone: values.phone || null };
  const text = values.comment || null;
  const time = values.time ? values.time.replace('T', ' ') : null;
  const model = spec.models.find((one) => String(one.id) === values.model);
  switch (spec.kind) {
    case 'test_drive':
    case 'buy_model': {
      // A test drive and a purchase name a catalogue model; a site that sells none asks for the
      // model in words, which only a callback request (its subject) can carry.
      if (!model) {
        const subject = [`${formName(lang, spec.kind)}: ${values.model ?? ''}`, time].filter(Boolean).join(', ').slice(0, 255);
        return { type: 1, attributes: { ...person, subject, text } };
      }
      return spec.kind === 'test_drive'
        ? { type: 3, attributes: { ...person, model_id: model.id, subject: model.name.slice(0, 255), time } }
        : { type: 4, attributes: { ...person, model_id: model.id, text } };
    }
    case 'service':
      return {
        type: 2,
        attributes: { ...person, works: [values.works!], vin: values.vin ? values.vin.toUpperCase() : null, mileage: values.mileage ? Number(values.mileage) : null, time },
      };
    case 'car':
      if (spec.car) return { type: 5, attributes: { ...person, car_id: spec.car.id, car: spec.car.name.slice(0, 500), text } };
      return { type: 1, attributes: { ...person, text } };
    case 'accessory':
      // An accessories request (type 10) names the accessory as the cars-in-stock one names its car.
      if (spec.accessory) return { type: 10, attributes: { ...person, car_id: spec.accessory.id, car: spec.accessory.name.slice(0, 500), text } };
      return { type: 1, attributes: { ...person, text } };
    case 'trade_in':
      // A trade-in request (type 11): the visitor's car; the site's limits are checked at the intake.
      return {
        type: 11,
        attributes: { ...person, email: values.email || null, brand: values.brand, model: values.car_model, year: Number(values.year), mileage: Number(values.mileage), vin: values.vin ? values.vin.toUpperCase() : null, text },
      };
    case 'subscription':
      return { type: 6, attributes: { name: person.name, email: values.email, subscription: true } };
    default:
      return { type: 1, attributes: { ...person, text } };
  }
}

/** Which form of the page a posted body names (`_form`), before its check. */
export const postedPlacement = (body: string) => (new URLSearchParams(body).get('_form') ?? '').trim().slice(0, 40);

/** Reads and checks a posted form (application/x-www-form-urlencoded) of the kind `spec` names. */
export function checkForm(body: string, lang: Lang, spec: FormSpec = { kind: 'callback', models: [] }): FormOutcome {
  const params = new URLSearchParams(body);
  const get = (name: string) => (params.get(name) ?? '').trim();
  const fields = fieldsOf(spec);
  const values: FormOutcome['values'] = {};
  const errors: FormOutcome['errors'] = {};
  for (const field of fields) {
    const value = get(field.name);
    const error = fieldError(field, value, spec, lang);
    if (error) errors[field.name] = error;
    // What is shown back is cut to the limits: a posted megabyte never reaches the page.
    values[field.name] = value.slice(0, field.max);
  }
  const consent = params.get('consent') === 'on';
  if (!consent) errors.consent = say(lang, 'form_required');
  const extra = Object.fromEntries(['captcha_challenge', 'captcha_nonce'].map((name) => [name, get(name).slice(0, 300)]));
  // The smart captcha's widget puts its token into the form as `smart-token`.
  extra['smart-token'] = get('smart-token').slice(0, SMART_TOKEN_MAX);
  extra.analytics = get('analytics').slice(0, ANALYTICS_MAX);
  const ok = Object.keys(errors).length === 0;
  return { placement: get('_form').slice(0, 40), kind: spec.kind, values, consent, errors, ok, request: ok ? requestOf(spec, values, lang) : null, extra };
}

export interface FormView {
  /** The id of the form's section: the address the form posts to ends with it. */
  anchor: string;
  placement: string;
  action: string;
  lang: Lang;
  spec: FormSpec;
  buttonText: string;
  /** The site's depersonalization period in days, if it depersonalizes. */
  depersonalizationDays: number | null;
  outcome: FormOutcome | null;
  /** The smart captcha's client key when the site uses it: its widget replaces the proof of work. */
  smartCaptchaKey?: string | null;
}

/** The notice above a posted form: sent, not connected, refused by the intake, or its errors. */
function notice(lang: Lang, outcome: FormOutcome | null): Html | null {
  if (!outcome) return null;
  if (outcome.ok) {
    return outcome.sent
      ? html`<p class="form-notice" role="status">${say(lang, outcome.kind === 'subscription' ? 'form_subscribed' : 'form_sent')}</p>`
      : html`<p class="form-notice" role="status">${say(lang, 'form_checked')}. ${say(lang, 'form_not_connected')}</p>`;
  }
  return html`<p class="form-notice form-notice--error" role="alert">${outcome.submitError ?? say(lang, 'form_errors')}</p>`;
}

/** The form's markup: labelled fields of its kind, errors tied to them, the consent, the button. */
export function renderForm(view: FormView): Html {
  const { lang, outcome, spec } = view;
  const shown = outcome && !outcome.ok && outcome.kind === spec.kind ? outcome : null;
  const errors = shown?.errors ?? {};
  const id = (field: string) => `${view.anchor}-${field}`;
  const described = (field: FieldName | 'consent') => (errors[field] ? html` aria-invalid="true" aria-describedby="${id(field)}-error"` : null);
  const error = (field: FieldName | 'consent') => (errors[field] ? html`<div class="field__error" id="${id(field)}-error">${errors[field]}</div>` : null);
  const required = html` required data-msg-required="${say(lang, 'form_required')}"`;
  const consent = view.depersonalizationDays ? say(lang, 'form_consent_period', { days: view.depersonalizationDays }) : say(lang, 'form_consent');
  const control = (field: FieldDef) => {
    const value = shown?.values[field.name] ?? '';
    const common = html`id="${id(field.name)}" name="${field.name}"${field.required ? required : null}${described(field.name)}`;
    const long = html` maxlength="${field.max}" data-msg-long="${say(lang, 'form_too_long', { length: field.max })}"`;
    const auto = field.autocomplete ? html` autocomplete="${field.autocomplete}"` : null;
    switch (field.input) {
      case 'textarea':
        return html`<textarea ${common} rows="3"${long}>${value}</textarea>`;
      case 'tel':
        return html`<input ${common} type="tel"${long}${auto} inputmode="tel" placeholder="+7 (___) ___-__-__" pattern="${PHONE_HTML_PATTERN}" data-msg-pattern="${say(lang, 'form_phone_invalid')}" value="${value}">`;
      case 'email':
        return html`<input ${common} type="email"${long}${auto} data-msg-pattern="${say(lang, 'form_email_invalid')}" value="${value}">`;
      case 'vin':
        return html`<input ${common} type="text"${long} minlength="17" autocapitalize="characters" spellcheck="false" pattern="${VIN_HTML_PATTERN}" data-msg-pattern="${say(lang, 'form_vin_invalid')}" value="${value}">`;
      case 'year':
        return html`<input ${common} type="number" min="${YEAR_MIN}" max="${yearMax()}" step="1" inputmode="numeric" data-msg-pattern="${say(lang, 'form_year_invalid', { min: YEAR_MIN, max: yearMax() })}" value="${value}">`;
      case 'mileage':
        return html`<input ${common} type="number" min="1" max="${MILEAGE_MAX}" step="1" inputmode="numeric" data-msg-pattern="${mileageMessage(lang)}" value="${value}">`;
      case 'datetime':
        return html`<input ${common} type="datetime-local" data-msg-pattern="${say(lang, 'form_time_invalid')}" value="${value}">`;
      case 'model':
        if (!spec.models.length) return html`<input ${common} type="text"${long} value="${value}">`;
        return html`<select ${common}><option value="">${say(lang, 'form_model_choose')}</option>${spec.models.map((model) => html`<option value="${model.id}"${String(model.id) === value || (spec.models.length === 1 && !value) ? html` selected` : null}>${model.name}</option>`)}</select>`;
      default:
        return html`<input ${common} type="text"${long}${auto} value="${value}">`;
    }
  };
  const fields = fieldsOf(spec).map((field) => html`<div class="field"><label for="${id(field.name)}">${say(lang, field.label)}${field.required ? null : html` <span class="field__optional">${say(lang, 'form_optional')}</span>`}</label>${control(field)}${error(field.name)}</div>`);
  return html`${outcome && outcome.kind === spec.kind ? notice(lang, outcome) : null}<form class="form form--${spec.kind.replace('_', '-')}" method="post" action="${view.action}#${view.anchor}">
<input type="hidden" name="_form" value="${view.placement}"><input type="hidden" name="captcha_challenge" value=""><input type="hidden" name="captcha_nonce" value=""><input type="hidden" name="analytics" value="">
${fields}
<div class="field field--check"><input id="${id('consent')}" name="consent" type="checkbox"${required}${shown?.consent ? html` checked` : null}${described('consent')}><label for="${id('consent')}">${consent}</label></div>${error('consent')}
${view.smartCaptchaKey ? html`<div class="field smart-captcha" data-sitekey="${view.smartCaptchaKey}" data-hl="${lang}"></div>` : null}
<div><button class="btn btn--primary" type="submit">${view.buttonText}</button></div>
</form>`;
}
