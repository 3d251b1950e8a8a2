import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, type AnyResource, type FormFieldDef, type JsonApiRecord, type Lang } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { notify } from '../app/notify.ts';
import { api, errorTitle, isApiError } from './api.ts';
import { queryKeys } from './queryKeys.ts';
import { isRequired, zodRule, type SchemaLike } from './rules.ts';
import { listPath, recordPath, useRefOptions } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;

export interface ResourceFormProps {
  resource: AnyResource;
  /** The record being edited; absent for create. */
  record?: Row | null;
  onSaved?: (record: Row, mode: 'create' | 'edit') => void;
  onCancel?: () => void;
}

function shapeOf(schema: unknown): Record<string, SchemaLike> {
  return ((schema as { shape?: Record<string, SchemaLike> }).shape ?? {}) as Record<string, SchemaLike>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === '' || a === null || a === undefined) && (b === '' || b === null || b === undefined)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The text of a select option: a label equal to its value (a service name, a method) is shown as
 * it is; 'ns:key' names its own namespace; anything else is a key of the resource's namespace.
 */
export function optionText(t: (key: string) => string, resource: Pick<AnyResource, 'service'>, option: { value: string | number; label: string }): string {
  if (option.label === String(option.value)) return option.label;
  return t(option.label.includes(':') ? option.label : `${resource.service}:${option.label}`);
}

/**
 * The fields a form shows: some only when creating (a first password, a code), some only when
 * editing, some only to platform staff holding root (`audience`).
 */
export function formFields(resource: AnyResource, mode: 'create' | 'edit', viewer: { root: boolean } = { root: false }): FormFieldDef[] {
  return resource.form.filter((field) => (!field.only || field.only === mode) && (field.audience !== 'root' || viewer.root));
}

/**
 * The write body of a form: empty optional texts become null, then the contracts schema
 * normalises (trim, lower case, defaults). A value the schema refuses is sent as typed, so the
 * server answers with its field error.
 */
export function toAttributes(resource: AnyResource, mode: 'create' | 'edit', values: Values, initial: Values = {}, viewer?: { root: boolean }): Values {
  const schema = mode === 'create' ? resource.create : resource.update;
  const shape = shapeOf(schema);
  const picked: Values = {};
  for (const field of formFields(resource, mode, viewer)) {
    const name = field.field;
    let value = values[name];
    if (mode === 'edit' && sameValue(value, initial[name])) continue;
    if (typeof value === 'string' && value.trim() === '' && shape[name]?.safeParse(null).success) value = null;
    if (value === undefined) continue;
    picked[name] = value;
  }
  const parsed = (schema as unknown as SchemaLike).safeParse(picked);
  return parsed.success && parsed.data && typeof parsed.data === 'object' ? (parsed.data as Values) : picked;
}

function RefSelect({ field, multiple, ...rest }: { field: FormFieldDef; multiple: boolean; id?: string; value?: unknown; onChange?: (value: unknown) => void; 'aria-label'?: string }) {
  const { options, isFetching } = useRefOptions(field.ref);
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={options}
    />
  );
}

/** The form of a ResourceDef: widgets from r.form, client rules from r.create / r.update. */
export function ResourceForm({ resource, record, onSaved, onCancel }: ResourceFormProps) {
  const { t, i18n } = useTranslation([resource.service, 'common']);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const mode: 'create' | 'edit' = record ? 'edit' : 'create';
  const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');
  const createShape = shapeOf(resource.create);
  const shape = shapeOf(mode === 'create' ? resource.create : resource.update);
  const { user } = useSession();
  const viewer = { root: !!user?.internal && hasPermission(user.permissions, 'auth.processing', 'root') };

  const initialValues = useMemo<Values>(() => {
    if (!record) return {};
    return Object.fromEntries(formFields(resource, 'edit', viewer).map((field) => [field.field, record.attributes[field.field] ?? undefined]));
  }, [record, resource.form]);

  const save = useMutation({
    mutationFn: async (values: Values) => {
      const attributes = toAttributes(resource, mode, values, initialValues, viewer);
      if (mode === 'create') return api.post<Row>(listPath(resource), { type: resource.name, attributes });
      if (Object.keys(attributes).length === 0) return record!;
      return api.patch<Row>(recordPath(resource, record!.id), { type: resource.name, id: record!.id, attributes });
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
      notify.success(t(mode === 'create' ? 'common:notices.created' : 'common:notices.saved'));
      onSaved?.(saved, mode);
    },
    onError: (error) => {
      const known = new Set(resource.form.map((field) => field.field));
      if (isApiError(error)) {
        const byField = error.fieldErrors();
        const onForm = Object.entries(byField).filter(([name]) => known.has(name));
        if (onForm.length) {
          form.setFields(onForm.map(([name, errors]) => ({ name, errors })));
          const others = error.errors.filter((entry) => !onForm.some(([name]) => entry.source?.pointer?.endsWith(`/${name}`)));
          if (others.length) notify.error(others[0]!.title);
          return;
        }
      }
      notify.error(errorTitle(error, lang()));
    },
  });

  const label = (field: string) => t(`${resource.service}:${resource.name}.fields.${field}`);

  const widget = (field: FormFieldDef) => {
    const common = { 'aria-label': label(field.field) };
    switch (field.widget) {
      case 'textarea':
        return <Input.TextArea {...common} autoSize={{ minRows: 3, maxRows: 8 }} />;
      case 'email':
        return <Input {...common} type="email" autoComplete="email" />;
      case 'phone':
        return <Input {...common} type="tel" autoComplete="tel" placeholder="+7 (999) 123-45-67" />;
      case 'number':
        return <InputNumber {...common} style={{ width: '100%' }} />;
      case 'password':
        return <Input.Password {...common} autoComplete="new-password" />;
      case 'tags':
        return <Select {...common} mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />;
      case 'switch':
        return <Switch {...common} />;
      case 'select':
      case 'multiselect':
        if (field.ref) return <RefSelect {...common} field={field} multiple={field.widget === 'multiselect'} />;
        return (
          <Select
            {...common}
            mode={field.widget === 'multiselect' ? 'multiple' : undefined}
            allowClear
            options={(field.options ?? []).map((option) => ({ value: option.value, label: optionText(t, resource, option) }))}
          />
        );
      default:
        return <Input {...common} autoComplete="off" />;
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name={`${resource.name}-${mode}`}
      initialValues={initialValues}
      onFinish={(values) => save.mutate(values)}
      disabled={save.isPending}
      scrollToFirstError
    >
      {formFields(resource, mode, viewer).map((field) => {
        const schema = shape[field.field];
        const required = createShape[field.field] ? isRequired(createShape[field.field]!) : false;
        return (
          <Form.Item
            key={field.field}
            name={field.field}
            label={label(field.field)}
            required={required && field.widget !== 'switch'}
            valuePropName={field.widget === 'switch' ? 'checked' : 'value'}
            rules={schema ? [zodRule(schema, lang)] : []}
            validateFirst
          >
            {widget(field)}
          </Form.Item>
        );
      })}
      <Form.Item className="form-actions">
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {mode === 'create' ? t('common:actions.create') : t('common:actions.save')}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={false}>
              {t('common:actions.cancel')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
