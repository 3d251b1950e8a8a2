import type { Lang } from '../kit/messages.ts';
import { interpolate } from '../kit/message-texts.ts';
import { brandsOf, choicesOf, FILE_FORMATS, modelsOf, PHONE_CODES, PHONE_CODE_LIST, type CustomFormDefinition, type CustomFormField, type FormChoices, type PhoneCode } from './custom-form.ts';

/**
 * The markup of a custom form as sites show it (the `/_forms/{id}` page and the embeddable script)
 * and as the builder previews it: one function, so the preview is what visitors get. Every value
 * is escaped; no inline style attribute (the admin's CSP refuses them), the look comes from
 * formCss scoped under `.dpf`.
 */
export const FORM_TEXTS = {
  ru: {
    submit: 'Отправить',
    sending: 'Отправляем…',
    sent: 'Спасибо! Заявка отправлена.',
    errors: 'Проверьте поля формы',
    failed: 'Не удалось отправить заявку, попробуйте ещё раз',
    required: 'Это поле обязательно для заполнения',
    choose: 'Выберите',
    consent: 'Я согласен на обработку персональных данных',
    files_hint: 'До {count} {count:файла|файлов|файлов}, до {size} МБ каждый: {formats}',
    file_too_large: 'Файл «{name}» больше {size} МБ',
    file_format: 'Формат файла «{name}» не подходит: {formats}',
    file_count: 'Не больше {count} {count:файла|файлов|файлов}',
    country_code: 'Код страны',
    no_script: 'Чтобы отправить форму, включите JavaScript.',
    robot: 'Проверяем, что вы не робот…',
  },
  en: {
    submit: 'Send',
    sending: 'Sending…',
    sent: 'Thank you! Your request has been sent.',
    errors: 'Check the fields of the form',
    failed: 'The request could not be sent, please try again',
    required: 'This field is required',
    choose: 'Choose',
    consent: 'I agree to the processing of my personal data',
    files_hint: 'Up to {count} {count:file|files}, up to {size} MB each: {formats}',
    file_too_large: 'The file "{name}" is larger than {size} MB',
    file_format: 'The format of "{name}" is not accepted: {formats}',
    file_count: 'At most {count} {count:file|files}',
    country_code: 'Country code',
    no_script: 'Turn on JavaScript to send the form.',
    robot: 'Checking that you are not a robot…',
  },
} as const;
export type FormTextKey = keyof (typeof FORM_TEXTS)['ru'];
export const formText = (lang: Lang, key: FormTextKey, params: Record<string, string | number> = {}) => interpolate(FORM_TEXTS[lang][key], lang, params);

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface RenderFormOptions {
  lang: Lang;
  choices: FormChoices;
  /** Prefix of element ids (several forms on one page stay apart). */
  idPrefix: string;
  /** The consent text shown beside the consent box. */
  consentText: string;
  /** Show the form's title as a heading (the embed does; the form's own page has it as h1). */
  showTitle?: boolean;
}

/** Field ids of the form in the grid's order (what a visitor goes through). */
export const orderedFields = (form: Pick<CustomFormDefinition, 'fields' | 'grid'>) => {
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  return form.grid.flatMap((row) => row.fields.map((ref) => byId.get(ref)).filter((field): field is CustomFormField => !!field));
};

const phoneCodeOption = (code: PhoneCode, selected: boolean) => `<option value="${code}"${selected ? ' selected' : ''}>${PHONE_CODES[code].flag} +${PHONE_CODES[code].dial}</option>`;

function control(field: CustomFormField, options: RenderFormOptions, domId: string): string {
  const { lang, choices } = options;
  const name = escapeHtml(field.id);
  const common = [
    `id="${domId}"`,
    `name="${name}"`,
    field.required ? 'required' : '',
    field.disabled ? 'disabled' : '',
    `aria-describedby="${domId}-error"`,
    `data-msg-required="${escapeHtml(formText(lang, 'required'))}"`,
  ].filter(Boolean);
  const placeholder = field.placeholder ? `placeholder="${escapeHtml(field.placeholder)}"` : '';
  const mask = field.mask ? `data-mask="${escapeHtml(field.mask)}" maxlength="${field.mask.length}"` : '';
  const attrs = (...more: string[]) => [...common, ...more].filter(Boolean).join(' ');
  const choose = `<option value="">${escapeHtml(field.placeholder || formText(lang, 'choose'))}</option>`;
  switch (field.type) {
    case 'textarea':
      return `<textarea ${attrs(placeholder, 'rows="3"', `maxlength="${field.validation_type === 'length' && field.max ? field.max : 2000}"`)}></textarea>`;
    case 'email':
      return `<input ${attrs('type="email"', 'autocomplete="email"', 'maxlength="254"', placeholder)}>`;
    case 'phone': {
      const input = `<input ${attrs('type="tel"', 'autocomplete="tel"', 'inputmode="tel"', 'maxlength="30"', placeholder, mask)}>`;
      if (!field.phone_codes?.length) return input;
      const selected = field.default_phone_code && field.phone_codes.includes(field.default_phone_code) ? field.default_phone_code : field.phone_codes[0]!;
      const codes = PHONE_CODE_LIST.filter((code) => field.phone_codes!.includes(code));
      return `<div class="dpf-phone"><select name="${name}__code" aria-label="${escapeHtml(formText(lang, 'country_code'))}"${field.disabled ? ' disabled' : ''}>${codes.map((code) => phoneCodeOption(code, code === selected)).join('')}</select>${input}</div>`;
    }
    case 'checkbox':
      return `<input ${attrs('type="checkbox"', 'value="1"')}>`;
    case 'radio':
      return `<div class="dpf-radios" role="radiogroup" aria-labelledby="${domId}-label">${(field.options ?? [])
        .map((option, index) => `<label class="dpf-radio"><input type="radio" name="${name}" value="${escapeHtml(option)}"${field.required ? ' required' : ''}${field.disabled ? ' disabled' : ''}${index === 0 ? ` id="${domId}"` : ''}> <span>${escapeHtml(option)}</span></label>`)
        .join('')}</div>`;
    case 'models': {
      const brandNames = new Map(brandsOf(field, choices).map((brand) => [brand.id, brand.name]));
      const depends = field.dependent_field ? `data-depends="${escapeHtml(field.dependent_field)}"` : '';
      const items = modelsOf(field, choices).map((model) => `<option value="${escapeHtml(model.name)}" data-brand="${escapeHtml(brandNames.get(model.brand_id) ?? '')}">${escapeHtml(model.name)}</option>`);
      return `<select ${attrs(depends)}>${choose}${items.join('')}</select>`;
    }
    case 'select':
    case 'dealerships':
    case 'brands':
    case 'cities':
      return `<select ${attrs()}>${choose}${choicesOf(field, choices).map((value) => `<option value="${escapeHtml(value)}">${escapeHtml(value)}</option>`).join('')}</select>`;
    case 'datetimepicker':
      return `<input ${attrs(field.show_time_select ? 'type="datetime-local"' : 'type="date"')}>`;
    case 'file': {
      const accept = (field.accept ?? []).map((format) => `.${format}${format === 'jpg' ? ',.jpeg' : ''}`).join(',');
      const hint = formText(lang, 'files_hint', { count: field.max_files ?? 1, size: field.max_size ?? 1, formats: (field.accept ?? []).join(', ') });
      return `<input ${attrs('type="file"', (field.max_files ?? 1) > 1 ? 'multiple' : '', `accept="${escapeHtml(accept)}"`, `data-max-files="${field.max_files ?? 1}"`, `data-max-size="${field.max_size ?? 1}"`, `data-accept="${escapeHtml((field.accept ?? []).join(','))}"`)}><div class="dpf-hint">${escapeHtml(hint)}</div>`;
    }
    default: {
      const numeric = field.validation_type === 'mileage' || field.validation_type === 'year' || field.validation_type === 'inn' || field.validation_type === 'range';
      const length = field.validation_type === 'vin' ? 'maxlength="17"' : field.validation_type === 'length' && field.max ? `maxlength="${field.max}"` : mask ? '' : 'maxlength="500"';
      return `<input ${attrs('type="text"', numeric ? 'inputmode="numeric"' : '', length, placeholder, mask)}>`;
    }
  }
}

function renderField(field: CustomFormField, options: RenderFormOptions): string {
  const domId = `${options.idPrefix}-${field.id}`;
  const star = field.required ? '<span class="dpf-req" aria-hidden="true"> *</span>' : '';
  const label = `<label class="dpf-label" id="${domId}-label" for="${domId}">${escapeHtml(field.label)}${star}</label>`;
  const error = `<div class="dpf-error" id="${domId}-error" role="alert"></div>`;
  const body = field.type === 'checkbox' ? `<div class="dpf-check">${control(field, options, domId)}${label}</div>` : `${label}${control(field, options, domId)}`;
  return `<div class="dpf-field dpf-field--${field.type}" data-field="${escapeHtml(field.id)}" data-type="${field.type}">${body}${error}</div>`;
}

/** The form's markup: rows of fields, the consent, a place for the captcha, the status line and the button. */
export function renderFormHtml(form: Pick<CustomFormDefinition, 'title' | 'fields' | 'grid'>, options: RenderFormOptions): string {
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  const rows = form.grid
    .map((row) => {
      const fields = row.fields.map((ref) => byId.get(ref)).filter((field): field is CustomFormField => !!field);
      if (!fields.length && !row.title) return '';
      const title = row.title ? `<legend class="dpf-row__title">${escapeHtml(row.title)}</legend>` : '';
      return `<fieldset class="dpf-row">${title}<div class="dpf-row__fields">${fields.map((field) => renderField(field, options)).join('')}</div></fieldset>`;
    })
    .join('');
  const consentId = `${options.idPrefix}-_consent`;
  const consent = `<div class="dpf-field dpf-field--consent" data-field="_consent"><div class="dpf-check"><input type="checkbox" id="${consentId}" name="_consent" required aria-describedby="${consentId}-error" data-msg-required="${escapeHtml(formText(options.lang, 'required'))}"><label class="dpf-label" for="${consentId}">${escapeHtml(options.consentText)}</label></div><div class="dpf-error" id="${consentId}-error" role="alert"></div></div>`;
  const title = options.showTitle ? `<h2 class="dpf-title">${escapeHtml(form.title)}</h2>` : '';
  return `<form class="dpf" method="post" lang="${options.lang}">${title}${rows}${consent}<div class="dpf-captcha" data-captcha></div><div class="dpf-status" role="status" aria-live="polite"></div><button class="dpf-submit" type="submit">${escapeHtml(formText(options.lang, 'submit'))}</button></form>`;
}

export interface FormPalette {
  primary: string;
  text: string;
  muted: string;
  surface: string;
  background: string;
}

const hex = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

/** The form's look, scoped under `.dpf`, in the site's colours. */
export function formCss(palette: FormPalette): string {
  const primary = hex(palette.primary, '#1F4E8C');
  const text = hex(palette.text, '#1A1F2B');
  const muted = hex(palette.muted, '#6B7280');
  const surface = hex(palette.surface, '#F3F5F8');
  const background = hex(palette.background, '#FFFFFF');
  return [
    `.dpf{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:${text};display:grid;gap:16px;max-width:960px;box-sizing:border-box}`,
    '.dpf *{box-sizing:border-box}',
    `.dpf-title{margin:0;font-size:1.5rem;line-height:1.25}`,
    `.dpf-row{border:0;margin:0;padding:0;min-width:0}`,
    `.dpf-row__title{padding:0;margin:0 0 8px;font-weight:600;font-size:1.1rem}`,
    '.dpf-row__fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,220px),1fr));gap:12px 16px}',
    '.dpf-field{display:flex;flex-direction:column;gap:4px;min-width:0}',
    '.dpf-field--textarea,.dpf-field--file,.dpf-field--radio{grid-column:1/-1}',
    '.dpf-label{font-size:.9rem;font-weight:500;overflow-wrap:anywhere}',
    `.dpf-req{color:#c0392b}`,
    `.dpf input[type=text],.dpf input[type=email],.dpf input[type=tel],.dpf input[type=date],.dpf input[type=datetime-local],.dpf select,.dpf textarea{width:100%;min-width:0;font:inherit;color:${text};background:${background};border:1px solid #c8ced8;border-radius:6px;padding:8px 10px;min-height:40px}`,
    `.dpf input:focus-visible,.dpf select:focus-visible,.dpf textarea:focus-visible,.dpf-submit:focus-visible{outline:2px solid ${primary};outline-offset:1px}`,
    '.dpf [disabled]{opacity:.6;cursor:not-allowed}',
    '.dpf-phone{display:flex;gap:6px}',
    '.dpf-phone select{flex:0 0 auto;width:auto}',
    '.dpf-phone input{flex:1 1 auto}',
    '.dpf-check{display:flex;align-items:flex-start;gap:8px}',
    '.dpf-check input{margin-top:4px;flex:0 0 auto;width:18px;height:18px}',
    '.dpf-radios{display:flex;flex-wrap:wrap;gap:8px 16px}',
    '.dpf-radio{display:inline-flex;align-items:center;gap:6px}',
    `.dpf-hint{font-size:.8rem;color:${muted}}`,
    '.dpf-error{font-size:.85rem;color:#c0392b;min-height:0}',
    '.dpf-error:empty{display:none}',
    `.dpf-field.is-invalid input,.dpf-field.is-invalid select,.dpf-field.is-invalid textarea{border-color:#c0392b}`,
    `.dpf-status{font-size:.95rem}`,
    '.dpf-status:empty{display:none}',
    `.dpf-status.is-ok{padding:10px 12px;border-radius:6px;background:${surface};color:${text}}`,
    '.dpf-status.is-error{color:#c0392b}',
    `.dpf-submit{justify-self:start;font:inherit;font-weight:600;color:#fff;background:${primary};border:0;border-radius:6px;padding:10px 24px;min-height:44px;cursor:pointer}`,
    '.dpf-submit[disabled]{opacity:.7;cursor:progress}',
    '@media (max-width:480px){.dpf-submit{justify-self:stretch}}',
  ].join('\n');
}

/** Extensions a file field's `accept` lets the browser offer (jpg also as jpeg). */
export const acceptedExtensions = (formats: string[]) => formats.flatMap((format) => (format === 'jpg' ? ['jpg', 'jpeg'] : format in FILE_FORMATS ? [format] : []));
