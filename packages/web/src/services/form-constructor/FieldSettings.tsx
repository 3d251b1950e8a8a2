import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMMON_SETTINGS,
  FIELD_ID_PATTERN,
  FIELD_TYPES,
  FILE_FORMAT_LIST,
  FILE_LIMITS,
  PHONE_CODE_LIST,
  PHONE_CODES,
  TYPE_SETTINGS,
  TYPE_VALIDATIONS,
  t as message,
  type CustomFormField,
  type FieldType,
  type FormChoices,
  type Lang,
} from '@dp/contracts';
import { changeType } from './builder.ts';

/**
 * The settings of the chosen field: the common ones (id, name, type, required, disabled) and only
 * those its type has (spec 002 §3); errors of the server or of the local check under each.
 */
export interface FieldSettingsProps {
  field: CustomFormField;
  others: CustomFormField[];
  choices: FormChoices;
  errors: Record<string, string>;
  disabled: boolean;
  onChange(next: CustomFormField): void;
}

const has = (field: CustomFormField, setting: string) => (COMMON_SETTINGS as readonly string[]).includes(setting) || TYPE_SETTINGS[field.type].includes(setting);

/** What is wrong with an id typed for a field (spec 002 §5), null when it may be used. */
export function idProblem(id: string, others: Pick<CustomFormField, 'id'>[], lang: Lang): string | null {
  if (!id.trim()) return message('required', lang);
  if (/[\u0400-\u04FF]/.test(id)) return message('form_field_id_cyrillic', lang);
  if (!FIELD_ID_PATTERN.test(id) || id.length > 64) return message('form_field_id_format', lang);
  if (others.some((other) => other.id === id)) return message('form_field_id_unique', lang, { id });
  return null;
}

export function FieldSettings({ field, others, choices, errors, disabled, onChange }: FieldSettingsProps) {
  const { t, i18n } = useTranslation('form-constructor');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  // The id is taken only once it may be used: the rows name fields by it.
  const [idDraft, setIdDraft] = useState(field.id);
  useEffect(() => setIdDraft(field.id), [field.id]);
  const idError = idDraft === field.id ? errors.id : (idProblem(idDraft, others, lang) ?? undefined);
  const set = <K extends keyof CustomFormField>(key: K, value: CustomFormField[K]) => onChange({ ...field, [key]: value });
  const item = (key: string, label: string, control: React.ReactNode, extra?: React.ReactNode, error = errors[key]) => (
    <Form.Item key={key} label={label} validateStatus={error ? 'error' : undefined} help={error} extra={extra} htmlFor={`setting-${key}`}>
      {control}
    </Form.Item>
  );
  const validations = TYPE_VALIDATIONS[field.type] ?? [];
  const brandOptions = choices.brands.map((brand) => ({ value: brand.id, label: brand.name }));
  const modelOptions = choices.models.filter((model) => !field.brands?.length || field.brands.includes(model.brand_id)).map((model) => ({ value: model.id, label: model.name }));
  const bounded = field.validation_type === 'range' || field.validation_type === 'length';
  return (
    <Form layout="vertical" component="div" disabled={disabled} className="field-settings" data-testid="field-settings">
      {item('label', t('settings.label'), <Input id="setting-label" value={field.label} maxLength={200} onChange={(event) => set('label', event.target.value)} />)}
      {item(
        'id',
        t('settings.id'),
        <Input
          id="setting-id"
          value={idDraft}
          maxLength={64}
          onChange={(event) => {
            const next = event.target.value;
            setIdDraft(next);
            if (!idProblem(next, others, lang)) set('id', next);
          }}
        />,
        t('settings.id_hint'),
        idError,
      )}
      {item(
        'type',
        t('settings.type'),
        <Select id="setting-type" value={field.type} onChange={(type: FieldType) => onChange(changeType(field, type, t('builder.option')))} options={FIELD_TYPES.map((type) => ({ value: type, label: t(`field_types.${type}`) }))} />,
      )}
      {has(field, 'placeholder') && item('placeholder', t('settings.placeholder'), <Input id="setting-placeholder" value={field.placeholder ?? ''} maxLength={200} onChange={(event) => set('placeholder', event.target.value || null)} />)}
      {has(field, 'options') &&
        item(
          'options',
          t('settings.options'),
          <Select id="setting-options" mode="tags" value={field.options ?? []} open={false} suffixIcon={null} tokenSeparators={[';']} onChange={(values: string[]) => set('options', values.map((value) => value.trim()).filter(Boolean).slice(0, 100))} />,
          t('settings.options_hint'),
        )}
      {has(field, 'brands') &&
        item('brands', t('settings.brands'), <Select id="setting-brands" mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} value={field.brands ?? []} options={brandOptions} onChange={(values: number[]) => set('brands', values)} />, t('settings.brands_hint'))}
      {has(field, 'models') &&
        item('models', t('settings.models'), <Select id="setting-models" mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} value={field.models ?? []} options={modelOptions} onChange={(values: number[]) => set('models', values)} />, t('settings.models_hint'))}
      {has(field, 'dependent_field') &&
        item(
          'dependent_field',
          t('settings.dependent_field'),
          <Select
            id="setting-dependent_field"
            allowClear
            value={field.dependent_field ?? undefined}
            options={others.filter((other) => other.type === 'brands').map((other) => ({ value: other.id, label: `${other.label} (${other.id})` }))}
            onChange={(value: string | undefined) => set('dependent_field', value ?? null)}
          />,
          t('settings.dependent_field_hint'),
        )}
      {has(field, 'phone_codes') &&
        item(
          'phone_codes',
          t('settings.phone_codes'),
          <Select
            id="setting-phone_codes"
            mode="multiple"
            value={field.phone_codes ?? []}
            options={PHONE_CODE_LIST.map((code) => ({ value: code, label: `${t(`phone_codes.${code}`)} +${PHONE_CODES[code].dial}` }))}
            onChange={(codes: CustomFormField['phone_codes']) => onChange({ ...field, phone_codes: codes, default_phone_code: codes?.includes(field.default_phone_code!) ? field.default_phone_code : (codes?.[0] ?? null) })}
          />,
        )}
      {has(field, 'default_phone_code') &&
        item(
          'default_phone_code',
          t('settings.default_phone_code'),
          <Select
            id="setting-default_phone_code"
            allowClear
            value={field.default_phone_code ?? undefined}
            options={(field.phone_codes ?? []).map((code) => ({ value: code, label: `${t(`phone_codes.${code}`)} +${PHONE_CODES[code].dial}` }))}
            onChange={(code: CustomFormField['default_phone_code']) => set('default_phone_code', code ?? null)}
          />,
        )}
      {has(field, 'mask') && item('mask', t('settings.mask'), <Input id="setting-mask" value={field.mask ?? ''} maxLength={100} placeholder="+7 (999) 999-99-99" onChange={(event) => set('mask', event.target.value || null)} />, t('settings.mask_hint'))}
      {has(field, 'show_time_select') && item('show_time_select', t('settings.show_time_select'), <Switch id="setting-show_time_select" checked={!!field.show_time_select} onChange={(value) => set('show_time_select', value)} />)}
      {has(field, 'max_files') && item('max_files', t('settings.max_files'), <InputNumber id="setting-max_files" min={1} max={FILE_LIMITS.maxFiles} precision={0} value={field.max_files ?? null} onChange={(value) => set('max_files', value ?? undefined)} />)}
      {has(field, 'max_size') && item('max_size', t('settings.max_size'), <InputNumber id="setting-max_size" min={1} max={FILE_LIMITS.maxSizeMb} precision={0} value={field.max_size ?? null} onChange={(value) => set('max_size', value ?? undefined)} />)}
      {has(field, 'accept') &&
        item('accept', t('settings.accept'), <Select id="setting-accept" mode="multiple" value={field.accept ?? []} options={FILE_FORMAT_LIST.map((format) => ({ value: format, label: format }))} onChange={(formats: CustomFormField['accept']) => set('accept', formats)} />)}
      {has(field, 'validation_type') && validations.length > 0 &&
        item(
          'validation_type',
          t('settings.validation_type'),
          <Select
            id="setting-validation_type"
            allowClear
            value={field.validation_type ?? undefined}
            options={validations.map((value) => ({ value, label: t(`validation_types.${value}`) }))}
            onChange={(value: CustomFormField['validation_type']) => set('validation_type', value ?? null)}
          />,
        )}
      {has(field, 'min') && bounded && item('min', t(field.validation_type === 'length' ? 'settings.min_length' : 'settings.min'), <InputNumber id="setting-min" value={field.min ?? null} onChange={(value) => set('min', value ?? null)} />)}
      {has(field, 'max') && bounded && item('max', t(field.validation_type === 'length' ? 'settings.max_length' : 'settings.max'), <InputNumber id="setting-max" value={field.max ?? null} onChange={(value) => set('max', value ?? null)} />)}
      <Form.Item label={t('settings.required')} htmlFor="setting-required">
        <Switch id="setting-required" checked={!!field.required} onChange={(value) => set('required', value)} />
      </Form.Item>
      <Form.Item label={t('settings.disabled')} htmlFor="setting-disabled" extra={t('settings.disabled_hint')}>
        <Switch id="setting-disabled" checked={!!field.disabled} onChange={(value) => set('disabled', value)} />
      </Form.Item>
      {Object.entries(errors)
        .filter(([key]) => !['label', 'id', 'type', 'placeholder', 'options', 'brands', 'models', 'dependent_field', 'phone_codes', 'default_phone_code', 'mask', 'show_time_select', 'max_files', 'max_size', 'accept', 'validation_type', 'min', 'max'].includes(key))
        .map(([key, message]) => (
          <Typography.Paragraph key={key} type="danger">
            {message}
          </Typography.Paragraph>
        ))}
    </Form>
  );
}
