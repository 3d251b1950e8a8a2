import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Button, Card, ColorPicker, Drawer, Empty, Form, Grid, Input, InputNumber, Popconfirm, Result, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined, MinusCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  brandRef,
  hasPermission,
  LABEL_CONDITION_FIELDS,
  LABEL_FIELD_KINDS,
  LABEL_TYPES,
  labelResource,
  operatorsOf,
  restylingRef,
  type JsonApiRecord,
  type LabelCondition,
  type LabelConditionField,
  type Lang,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { useMoney } from '../../kit/Money.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule } from '../../kit/rules.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

/** A label as the site shows it (GET /labels/by/site_id): central ones with the site's own hide and order. */
interface LabelAttributes {
  site_id: number;
  name: string;
  name_ru: string | null;
  name_en: string | null;
  category: string | null;
  about: string | null;
  background: string;
  sort: number;
  type: (typeof LABEL_TYPES)[number];
  hide: boolean;
  central: boolean;
  conditions: LabelCondition[];
}
type Label = JsonApiRecord<LabelAttributes>;
interface FormValues extends Omit<LabelAttributes, 'site_id' | 'central' | 'background'> {
  background: string | { toHexString(): string };
}

const path = (rest: string) => gatewayPath('cars.catalog', rest);
const shape = labelResource.create.shape;
const listKey = (siteId: string) => ['cars.catalog', 'labels', 'site', siteId];

/** The values a condition's field takes, in the form's widget. */
function OperandsInput({ field, operator, value, onChange, id }: { field: LabelConditionField; operator?: string; value?: unknown[]; onChange?: (value: unknown[]) => void; id?: string }) {
  const { t } = useTranslation('cars.catalog');
  const spec = LABEL_FIELD_KINDS[field];
  const brands = useRefOptions(spec.kind === 'ref' && field === 'brand' ? brandRef : undefined);
  const restylings = useRefOptions(spec.kind === 'ref' && field === 'restyling' ? restylingRef : undefined);
  const single = ['more', 'more_or_equal', 'less', 'less_or_equal'].includes(operator ?? '');
  const label = t('labels.fields.operands');
  if (field === 'final_price' && single) return <MoneyInput id={id} aria-label={label} value={value?.[0] as number | undefined} onChange={(next) => onChange?.(next === null ? [] : [next])} />;
  if (spec.kind === 'number' && single) return <InputNumber id={id} aria-label={label} min={0} value={value?.[0] as number | undefined} onChange={(next) => onChange?.(next === null ? [] : [next])} style={{ width: '100%' }} />;
  if (spec.kind === 'boolean') {
    return <Select id={id} aria-label={label} value={value?.[0] === undefined ? undefined : String(value[0])} onChange={(next) => onChange?.([next === 'true'])} options={[{ value: 'true', label: t('labels.yes') }, { value: 'false', label: t('labels.no') }]} />;
  }
  if (spec.kind === 'choice') {
    return <Select id={id} aria-label={label} mode="multiple" value={value as string[] | undefined} onChange={onChange} options={spec.values.map((v) => ({ value: v, label: t(`labels.values.${v}`) }))} />;
  }
  if (spec.kind === 'ref') {
    const choices = field === 'brand' ? brands : restylings;
    return <Select id={id} aria-label={label} mode="multiple" value={value as number[] | undefined} onChange={onChange} loading={choices.isFetching} showSearch={{ optionFilterProp: 'label' }} options={choices.options} />;
  }
  // Text, or numbers given as a list (equal: any of them).
  return <Select id={id} aria-label={label} mode="tags" value={(value ?? []).map(String)} onChange={(next: string[]) => onChange?.(spec.kind === 'number' ? next.map(Number) : next)} open={false} tokenSeparators={[',', ';']} />;
}

/** The conditions of a label: field, operator and values, each line one condition; all must hold. */
function ConditionsEditor() {
  const { t } = useTranslation('cars.catalog');
  return (
    <Form.List name="conditions">
      {(items, { add, remove }) => (
        <div className="label-conditions">
          {items.map((item) => (
            <Form.Item key={item.key} noStyle shouldUpdate>
              {(form) => {
                const field = form.getFieldValue(['conditions', item.name, 'field']) as LabelConditionField | undefined;
                const operator = form.getFieldValue(['conditions', item.name, 'operator']) as string | undefined;
                return (
                  <Space align="start" wrap className="label-condition" data-testid="label-condition">
                    <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: t('labels.field_required') }]}>
                      <Select
                        aria-label={t('labels.fields.field')}
                        placeholder={t('labels.fields.field')}
                        style={{ width: 220 }}
                        options={LABEL_CONDITION_FIELDS.map((value) => ({ value, label: t(`labels.condition_fields.${value}`) }))}
                        onChange={(next: LabelConditionField) => form.setFieldValue(['conditions', item.name], { field: next, operator: operatorsOf(next)[0], operands: [] })}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'operator']} rules={[{ required: true, message: t('labels.field_required') }]}>
                      <Select aria-label={t('labels.fields.operator')} placeholder={t('labels.fields.operator')} style={{ width: 170 }} disabled={!field} options={(field ? operatorsOf(field) : []).map((value) => ({ value, label: t(`labels.operators.${value}`) }))} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'operands']} rules={[{ required: true, type: 'array', min: 1, message: t('labels.value_required') }]} style={{ minWidth: 200 }}>
                      {field ? <OperandsInput field={field} operator={operator} /> : <Input disabled aria-label={t('labels.fields.operands')} />}
                    </Form.Item>
                    <IconButton type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('labels.remove_condition')} onClick={() => remove(item.name)} />
                  </Space>
                );
              }}
            </Form.Item>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ operands: [] })}>{t('labels.add_condition')}</Button>
        </div>
      )}
    </Form.List>
  );
}

function LabelForm({ siteId, record, lang, footer, onDone }: { siteId: string; record: Label | null; lang: () => Lang; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(['cars.catalog', 'common']);
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const initial: Partial<FormValues> = record ? record.attributes : { type: 'tag', hide: false, sort: 0, background: '#1677FF', conditions: [] };
  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const background = typeof values.background === 'string' ? values.background : values.background.toHexString();
      const attributes = { ...values, background, category: values.category || null, about: values.about || null, name_ru: values.name_ru || null, name_en: values.name_en || null, conditions: values.conditions ?? [] };
      return record ? api.patch(path(`labels/${record.id}`), { type: 'labels', id: record.id, attributes }) : api.post(path('labels'), { type: 'labels', attributes: { site_id: Number(siteId), ...attributes } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listKey(siteId) });
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang()));
      const fields = Object.entries(error.fieldErrors());
      if (!fields.length) return notify.error(error.title);
      // Pointers such as conditions/0/operands/1 name a place inside the conditions list.
      form.setFields(fields.map(([name, errors]) => ({ name: name.split('/').slice(0, 3).map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never, errors })));
    },
  });
  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form="car-label" loading={save.isPending}>{record ? t('common:actions.save') : t('common:actions.create')}</Button>
      <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
    </Space>
  );
  return (
    <GuardedForm<FormValues> form={form} id="car-label" name="car-label" layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} disabled={save.isPending}>
      <Form.Item name="name" label={t('labels.fields.name')} required rules={[zodRule(shape.name, lang)]}>
        <Input aria-label={t('labels.fields.name')} maxLength={255} />
      </Form.Item>
      <Space wrap style={{ width: '100%' }} classNames={{ item: 'label-form__half' }}>
        <Form.Item name="name_ru" label={t('labels.fields.name_ru')}><Input aria-label={t('labels.fields.name_ru')} maxLength={255} /></Form.Item>
        <Form.Item name="name_en" label={t('labels.fields.name_en')}><Input aria-label={t('labels.fields.name_en')} maxLength={255} /></Form.Item>
      </Space>
      <Form.Item name="category" label={t('labels.fields.category')}><Input aria-label={t('labels.fields.category')} maxLength={100} /></Form.Item>
      <Form.Item name="about" label={t('labels.fields.about')}><Input.TextArea aria-label={t('labels.fields.about')} rows={2} maxLength={1000} showCount /></Form.Item>
      <Space wrap size="large">
        <Form.Item name="background" label={t('labels.fields.background')}><ColorPicker showText disabledAlpha format="hex" aria-label={t('labels.fields.background')} /></Form.Item>
        <Form.Item name="type" label={t('labels.fields.type')}>
          <Select aria-label={t('labels.fields.type')} style={{ width: 160 }} options={LABEL_TYPES.map((value) => ({ value, label: t(`labels.types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="sort" label={t('labels.fields.sort')}><InputNumber aria-label={t('labels.fields.sort')} min={0} max={1_000_000} /></Form.Item>
        <Form.Item name="hide" label={t('labels.fields.hide')} valuePropName="checked"><Switch aria-label={t('labels.fields.hide')} /></Form.Item>
      </Space>
      <Typography.Title level={5}>{t('labels.fields.conditions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('labels.conditions_hint')}</Typography.Paragraph>
      <ConditionsEditor />
      {footer ? createPortal(actions, footer) : actions}
    </GuardedForm>
  );
}

/** One line of text for a label's conditions: "Year ≥ 2024 · Certified = yes". */
function useConditionText() {
  const { t } = useTranslation('cars.catalog');
  const brands = useRefOptions(brandRef);
  const money = useMoney();
  const operandText = (field: LabelCondition['field'], operand: LabelCondition['operands'][number]) => {
    const kind = LABEL_FIELD_KINDS[field].kind;
    if (kind === 'boolean') return t(operand ? 'labels.yes' : 'labels.no');
    if (kind === 'choice') return t(`labels.values.${operand}`);
    if (field === 'brand') return brands.options.find((o) => o.value === operand)?.label ?? `#${operand}`;
    if (field === 'final_price' && typeof operand === 'number') return money.text(operand);
    return String(operand);
  };
  return (conditions: LabelCondition[]) =>
    conditions
      .map((condition) => {
        const values = condition.operands.map((operand) => operandText(condition.field, operand));
        return `${t(`labels.condition_fields.${condition.field}`)} ${t(`labels.operator_signs.${condition.operator}`)} ${values.join(', ')}`;
      })
      .join(' · ');
}

/**
 * /cars.catalog/tags/{siteId}: the site's labels of cars (spec 001 §2, §3): its own, made, changed
 * and deleted here, and the central ones of its official master, which it may only hide or order.
 */
export default function LabelsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.catalog', 'common']);
  const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');
  const { user } = useSession();
  const site = useSite(siteId);
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const conditionText = useConditionText();
  const [editing, setEditing] = useState<{ record: Label | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState('');
  const permissions = user?.permissions ?? {};
  const can = (code: string) => hasPermission(permissions, 'cars.catalog', code);
  const list = useQuery({
    queryKey: listKey(siteId),
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.request<{ data: Label[] }>('GET', path(`labels/by/site_id/${siteId}`), { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(siteId) });
  const remove = useMutation({
    mutationFn: (record: Label) => api.delete(path(`labels/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('common:notices.deleted'), record.attributes.name);
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const override = useMutation({
    mutationFn: ({ record, hide }: { record: Label; hide: boolean }) => api.request('PATCH', path(`labels/${record.id}/sites/${siteId}`), { body: { data: { attributes: { hide } } } }),
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      await refresh();
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const all = list.data?.data ?? [];
    return needle ? all.filter((row) => `${row.attributes.name} ${row.attributes.category ?? ''}`.toLocaleLowerCase().includes(needle)) : all;
  }, [list.data, search]);
  const nameOf = (row: Label) => (lang() === 'en' ? row.attributes.name_en : row.attributes.name_ru) || row.attributes.name;
  const createButton = can('labels.create') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>{t('labels.create')}</Button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('labels.title')}
        subtitle={site.data?.site.attributes.name}
        documentTitle={t('labels.title')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap className="resource-filters">
          <SearchInput allowClear value={search} placeholder={t('labels.search')} aria-label={t('labels.search')} onChange={(event) => setSearch(event.target.value)} style={{ width: 280 }} />
        </Space>
        {list.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error)} extra={<Button type="primary" onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<Label>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 900 }}
            locale={{
              emptyText: list.isLoading ? <span /> : search ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('labels.nothing_found', { search })} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('labels.empty')}>{createButton}</Empty>,
            }}
            columns={[
              {
                key: 'name',
                title: t('labels.fields.name'),
                width: 260,
                render: (_, row) => (
                  <Space size={6} wrap>
                    <Tag style={{ background: row.attributes.background, borderColor: row.attributes.background, color: '#fff', opacity: row.attributes.hide ? 0.5 : 1 }}>{nameOf(row)}</Tag>
                    {row.attributes.central && <Tooltip title={t('labels.central_hint')}><Tag>{t('labels.central')}</Tag></Tooltip>}
                    {row.attributes.hide && <Tag icon={<EyeInvisibleOutlined aria-hidden />}>{t('labels.hidden')}</Tag>}
                  </Space>
                ),
              },
              { key: 'category', title: t('labels.fields.category'), width: 150, render: (_, row) => row.attributes.category ?? '—' },
              { key: 'type', title: t('labels.fields.type'), width: 110, render: (_, row) => t(`labels.types.${row.attributes.type}`) },
              { key: 'conditions', title: t('labels.fields.conditions'), render: (_, row) => (row.attributes.conditions.length ? conditionText(row.attributes.conditions) : <Typography.Text type="secondary">{t('labels.no_conditions')}</Typography.Text>) },
              { key: 'sort', title: t('labels.fields.sort'), width: 90, align: 'right', render: (_, row) => row.attributes.sort },
              {
                key: 'actions',
                title: t('common:actions.title'),
                width: 120,
                fixed: screens.md ? 'right' : undefined,
                render: (_, row) =>
                  row.attributes.central ? (
                    can('labels.patch') && (
                      <IconButton
                        type="text"
                        icon={row.attributes.hide ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
                        aria-label={t(row.attributes.hide ? 'labels.show_here' : 'labels.hide_here')}
                        title={t(row.attributes.hide ? 'labels.show_here' : 'labels.hide_here')}
                        loading={override.isPending && override.variables?.record.id === row.id}
                        confirm={{
                          title: t(row.attributes.hide ? 'labels.show_confirm' : 'labels.hide_confirm'),
                          description: t(row.attributes.hide ? 'labels.show_confirm_text' : 'labels.hide_confirm_text', { name: nameOf(row) }),
                          okText: t(row.attributes.hide ? 'labels.show_here' : 'labels.hide_here'),
                          danger: !row.attributes.hide,
                        }}
                        onConfirm={() => override.mutateAsync({ record: row, hide: !row.attributes.hide })}
                      />
                    )
                  ) : (
                    <Space size={0}>
                      {can('labels.patch') && <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} title={t('common:actions.edit')} onClick={() => setEditing({ record: row })} />}
                      {can('labels.delete') && (
                        <Popconfirm title={t('labels.delete_confirm', { name: nameOf(row) })} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
                          <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} title={t('common:actions.delete')} />
                        </Popconfirm>
                      )}
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('labels.edit_title', { name: editing.record.attributes.name }) : t('labels.create_title')}
        size={screens.md === false ? '100%' : 760}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && <LabelForm key={editing.record?.id ?? 'new'} siteId={siteId} record={editing.record} lang={lang} footer={footer} onDone={() => setEditing(null)} />}
      </FormDrawer>
    </div>
  );
}
