import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography, type FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, hasPermission, permissionLabel, t as message, type AnyResource, type FormFieldDef, type JsonApiRecord, type Lang } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { notify } from '../app/notify.ts';
import { api, errorTitle, fieldOfPointer, isApiError, type ApiError } from './api.ts';
import { MoneyInput } from './MoneyInput.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { queryKeys } from './queryKeys.ts';
import { fieldHint, fieldLabel, optionText } from './resourceText.ts';
import { isRequired, zodRule, type SchemaLike } from './rules.ts';
import { codesOfService, usePermissionRecords } from './usePermissions.ts';
import { listPath, recordPath, useRefOptions } from './useResourceList.ts';
import { ResourceListExtras } from './resourceListExtras.ts';
import { useGuardedClose, useUnsavedChanges } from './unsaved.tsx';

export { optionText } from './resourceText.ts';

type Row = JsonApiRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;

export interface ResourceFormProps {
  resource: AnyResource;
  /** The record being edited; absent for create. */
  record?: Row | null;
  onSaved?: (record: Row, mode: 'create' | 'edit') => void;
  onCancel?: () => void;
  /** Where Save and Cancel go (a drawer's footer, so they stay in view); inside the form otherwise. */
  actionsContainer?: HTMLElement | null;
  /** A record page: fields in two columns on wide screens, Save kept in view at the bottom. */
  wide?: boolean;
  /** Controls shown first that are not fields of the write (a user's activation switch). */
  before?: ReactNode;
  /** Without the right to change the record: fields read only, no Save. */
  readOnly?: boolean;
  /** Attributes a create sends that the form does not show (the site of a site's record). */
  fixed?: Values;
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
 * The fields a form shows: some only when creating (a first password, a code), some only when
 * editing, some only to platform staff holding root (`audience`).
 */
export function formFields(resource: AnyResource, mode: 'create' | 'edit', viewer: { root: boolean } = { root: false }): FormFieldDef[] {
  return resource.form.filter((field) => (!field.only || field.only === mode) && (field.audience !== 'root' || viewer.root));
}

/**
 * The write body of a form: empty optional texts become null, then the contracts schema
 * normalises (trim, lower case, defaults). A value the schema refuses is sent as typed, so the
 * server answers with its field error. On edit only the changed fields are sent.
 */
export function toAttributes(resource: AnyResource, mode: 'create' | 'edit', values: Values, initial: Values = {}, viewer?: { root: boolean }): Values {
  const schema = mode === 'create' ? resource.create : resource.update;
  const shape = shapeOf(schema);
  const picked: Values = {};
  for (const field of formFields(resource, mode, viewer)) {
    if (field.pickOnly) continue;
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

/**
 * A new record's form starts from the create schema's defaults (a switch the server turns on by
 * default shows on), so what the person sees is what gets saved.
 */
export function createDefaults(resource: AnyResource, viewer?: { root: boolean }): Values {
  const shape = shapeOf(resource.create);
  const values: Values = {};
  for (const field of formFields(resource, 'create', viewer)) {
    const parsed = shape[field.field]?.safeParse(undefined);
    if (parsed?.success && parsed.data !== undefined && parsed.data !== null) values[field.field] = parsed.data;
  }
  return values;
}

/**
 * The server's field errors as the form shows them: under the field, a duplicate value naming the
 * field's label rather than its code. Errors of fields the form does not show are returned.
 */
export function formFieldErrors(error: ApiError, shown: Set<string>, label: (field: string) => string, lang: Lang) {
  const onForm = new Map<string, string[]>();
  const others: string[] = [];
  for (const entry of error.errors) {
    const field = fieldOfPointer(entry.source?.pointer);
    if (!field || !shown.has(field)) {
      others.push(entry.title);
      continue;
    }
    const text = entry.code === 'conflict_unique' ? message('conflict_unique', lang, { field: label(field) }) : entry.title;
    onForm.set(field, [...(onForm.get(field) ?? []), text]);
  }
  return { onForm: [...onForm].map(([name, errors]) => ({ name, errors })), others };
}

function RefSelect({ field, multiple, ...rest }: { field: FormFieldDef; multiple: boolean; id?: string; value?: unknown; onChange?: (value: unknown) => void; 'aria-label'?: string }) {
  const { options, isFetching } = useRefOptions(field.ref);
  return <Select {...rest} mode={multiple ? 'multiple' : undefined} allowClear showSearch={{ optionFilterProp: 'label' }} loading={isFetching} options={options} />;
}

/**
 * A reference select narrowed by another field of the form (field.within): brand → model →
 * generation... Disabled until that field has a value; cleared when it changes.
 */
function WithinSelect({ field, form, ...rest }: { field: FormFieldDef; form: FormInstance<Values>; id?: string; value?: unknown; onChange?: (value: unknown) => void; 'aria-label'?: string }) {
  const within = field.within!;
  const parent = Form.useWatch(within.field, form) as unknown;
  const { options, isFetching } = useRefOptions(field.ref, parent == null ? undefined : { [within.filter]: String(parent) });
  const previous = useRef(parent);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== parent) rest.onChange?.(undefined);
    previous.current = parent;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parent]);
  return <Select {...rest} allowClear disabled={parent == null} showSearch={{ optionFilterProp: 'label' }} loading={isFetching && parent != null} options={parent == null ? [] : options} />;
}

/** Permission codes of the service chosen in the same form, by name; the code under each name. */
function CodeSelect({ form, ...rest }: { form: FormInstance<Values>; id?: string; value?: string[]; onChange?: (value: string[]) => void; 'aria-label'?: string }) {
  const { t, i18n } = useTranslation('common');
  const service = Form.useWatch('service', form) as string | undefined;
  const { records, isFetching } = usePermissionRecords();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const options = codesOfService(records, service).map((permission) => ({ value: permission.code, label: permissionLabel(permission, lang).name }));
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      disabled={!service}
      placeholder={service ? t('codes.placeholder') : t('codes.choose_service')}
      loading={isFetching}
      options={options}
      showSearch={{ filterOption: (input, option) => `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.toLowerCase()) }}
      optionRender={(option) => (
        <span className="code-option">
          {option.label}
          <Typography.Text type="secondary" className="code-option__code">
            {option.value}
          </Typography.Text>
        </span>
      )}
    />
  );
}

/** Fields that need the whole width of a wide form. */
const FULL_WIDTH: FormFieldDef['widget'][] = ['textarea', 'permissions', 'multiselect', 'codes', 'tags'];

/** The form of a ResourceDef: widgets from r.form, client rules from r.create / r.update. */
export function ResourceForm({ resource, record, onSaved, onCancel, actionsContainer, wide, before, readOnly, fixed }: ResourceFormProps) {
  const { t, i18n } = useTranslation([resource.service, 'common']);
  const [form] = Form.useForm<Values>();
  const extras = useContext(ResourceListExtras);
  const queryClient = useQueryClient();
  const mode: 'create' | 'edit' = record ? 'edit' : 'create';
  const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');
  const createShape = shapeOf(resource.create);
  const shape = shapeOf(mode === 'create' ? resource.create : resource.update);
  const { user } = useSession();
  const viewer = { root: !!user?.internal && hasPermission(user.permissions, 'auth.processing', 'root') };
  const fields = formFields(resource, mode, viewer);
  const label = (field: string) => fieldLabel(t, resource, field);
  // Also the form element's id, which Save points at when it sits outside the form (a drawer footer).
  const formName = `${resource.name}-${mode}`;

  // A write-only secret (a token, a password) the record has (its `has_<field>` is true): the empty field keeps it.
  const secretSet = (field: FormFieldDef) => field.widget === 'password' && record?.attributes[`has_${field.field}`] === true;
  // ...and one the schema lets go (null) can be removed: it is sent as null on save.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setRemoved(new Set()), [record?.id]);
  const toggleRemoved = (name: string) => setRemoved((now) => (now.has(name) ? new Set([...now].filter((one) => one !== name)) : new Set([...now, name])));
  const secretHint = (field: FormFieldDef) => {
    if (!secretSet(field)) return undefined;
    const name = field.field;
    if (removed.has(name))
      return (
        <span>
          {t('common:secret_field.removed')}{' '}
          <Button type="link" size="small" className="secret-field__action" onClick={() => toggleRemoved(name)}>
            {t('common:secret_field.keep')}
          </Button>
        </span>
      );
    return (
      <span>
        {t('common:secret_field.set')}
        {shape[name]?.safeParse(null).success && !readOnly && (
          <>
            {' '}
            <Button type="link" size="small" danger className="secret-field__action" onClick={() => toggleRemoved(name)}>
              {t('common:secret_field.remove')}
            </Button>
          </>
        )}
      </span>
    );
  };

  const initialValues = useMemo<Values>(() => {
    if (!record) return createDefaults(resource, viewer);
    return Object.fromEntries(formFields(resource, 'edit', viewer).map((field) => [field.field, record.attributes[field.field] ?? undefined]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, resource.form]);

  // Changes not saved yet: leaving the page or closing the drawer asks first.
  const [changed, setChanged] = useState(false);
  const { release } = useUnsavedChanges((changed || removed.size > 0) && !readOnly);
  const guardedClose = useGuardedClose();
  const trackChanges = (_changed: Values, values: Values) => setChanged(fields.some((field) => !sameValue(values[field.field], initialValues[field.field])));

  const save = useMutation({
    mutationFn: async (attributes: Values) => {
      if (mode === 'create') return api.post<Row>(listPath(resource), { type: resource.name, attributes: { ...fixed, ...attributes } });
      return api.patch<Row>(recordPath(resource, record!.id), { type: resource.name, id: record!.id, attributes });
    },
    onSuccess: async (saved) => {
      // The record's lists and its history in the audit trail.
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
      notify.success(t(mode === 'create' ? 'common:notices.created' : 'common:notices.saved'));
      release();
      setChanged(false);
      onSaved?.(saved, mode);
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang()));
      const { onForm, others } = formFieldErrors(error, new Set(fields.map((field) => field.field)), label, lang());
      if (onForm.length) form.setFields(onForm);
      if (others.length) notify.error(others[0]!);
    },
  });

  const submit = (values: Values) => {
    const attributes = toAttributes(resource, mode, values, initialValues, viewer);
    for (const name of removed) attributes[name] = null;
    // Nothing changed: nothing is sent, and nothing is said to be saved.
    if (mode === 'edit' && Object.keys(attributes).length === 0) return notify.info(t('common:notices.unchanged'), undefined, 'form-unchanged');
    save.mutate(attributes);
  };

  const widget = (field: FormFieldDef) => {
    const common = { 'aria-label': label(field.field) };
    const own = extras.formWidgets?.[field.field];
    if (own) return own(common);
    switch (field.widget) {
      case 'textarea':
        return <Input.TextArea {...common} rows={3} />;
      case 'email':
        return <Input {...common} type="email" autoComplete="email" />;
      case 'phone':
        return <Input {...common} type="tel" autoComplete="tel" placeholder="+7 (999) 123-45-67" />;
      case 'number':
        return <InputNumber {...common} style={{ width: '100%' }} />;
      case 'money':
        return <MoneyInput {...common} />;
      case 'password':
        if (removed.has(field.field)) return <Input.Password {...common} disabled placeholder={t('common:secret_field.removed_placeholder')} />;
        return <Input.Password {...common} autoComplete="new-password" placeholder={secretSet(field) ? t('common:secret_field.placeholder') : undefined} />;
      case 'tags':
        return <Select {...common} mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />;
      case 'switch':
        return <Switch {...common} />;
      case 'permissions':
        return <PermissionMatrix {...common} />;
      case 'codes':
        return <CodeSelect {...common} form={form} />;
      case 'select':
      case 'multiselect':
        if (field.ref && field.within) return <WithinSelect {...common} field={field} form={form} />;
        if (field.ref) return <RefSelect {...common} field={field} multiple={field.widget === 'multiselect'} />;
        return (
          <Select
            {...common}
            mode={field.widget === 'multiselect' ? 'multiple' : undefined}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(field.options ?? []).map((option) => ({ value: option.value, label: optionText(t, resource, option) }))}
          />
        );
      default:
        return <Input {...common} autoComplete="off" />;
    }
  };

  const actions = readOnly ? null : (
    <Space>
      <Button type="primary" htmlType="submit" form={formName} loading={save.isPending}>
        {mode === 'create' ? t('common:actions.create') : t('common:actions.save')}
      </Button>
      {onCancel && (
        <Button onClick={() => guardedClose(onCancel)} disabled={false}>
          {t('common:actions.cancel')}
        </Button>
      )}
    </Space>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name={formName}
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={trackChanges}
      disabled={save.isPending || readOnly}
      scrollToFirstError
    >
      {before}
      <Row gutter={16}>
        {fields.map((field) => {
          const schema = shape[field.field];
          const required = createShape[field.field] ? isRequired(createShape[field.field]!) : false;
          return (
            <Col key={field.field} xs={24} lg={wide && !FULL_WIDTH.includes(field.widget) ? 12 : 24}>
              <Form.Item
                name={field.field}
                label={label(field.field)}
                required={required && field.widget !== 'switch'}
                valuePropName={field.widget === 'switch' ? 'checked' : 'value'}
                rules={schema ? [zodRule(schema, lang)] : []}
                extra={secretHint(field) ?? fieldHint(t, resource, field.field)}
                validateFirst
              >
                {widget(field)}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      {actions && (actionsContainer ? createPortal(actions, actionsContainer) : <div className={wide ? 'form-actions form-actions--sticky' : 'form-actions'}>{actions}</div>)}
    </Form>
  );
}
