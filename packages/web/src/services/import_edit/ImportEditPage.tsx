import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router';
import { Button, Card, Empty, Form, Grid, Input, Select, Space, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  hasPermission,
  IMPORT_EDIT_DESCRIPTION_MAX,
  IMPORT_EDIT_FIELDS,
  importEditResource,
  type AnyResource,
  type ImportedCarChoice,
  type ImportEditCar,
  type ImportEditField,
  type ImportEditLabel,
  type JsonApiRecord,
  type Lang,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime } from '../../kit/format.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { FormDrawer, GuardedForm } from '../../kit/unsaved.tsx';
import { useLang } from '../../kit/useLang.ts';
import { columnSortOrder, sortOfTable } from '../../kit/useResourceList.ts';
import { useSiteList } from '../../kit/useSiteList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { CarPhotosField } from '../cars.stock/CarPhotosField.tsx';
import { useMoney } from '../../kit/Money.tsx';
import './import-edit.css';

/**
 * /widgets/import_edit/{siteId}/ (docs/decisions/import-edit.md): the site's edits of imported
 * cars, each field's feed value beside the dealer's, who edited and when; search, a field filter,
 * sorting and paging; a drawer to edit a car's field; undo of one edit with a confirmation.
 */
type EditValue = number | string | number[] | null;
interface EditAttributes {
  site_id: number;
  car_id: number;
  field: ImportEditField;
  value: EditValue;
  feed_value: EditValue;
  feed_seen_at: string | null;
  editor: string | null;
  car: ImportEditCar | null;
  updated_at: string;
}
type Edit = JsonApiRecord<EditAttributes>;
interface FormValues {
  car_id?: number;
  field?: ImportEditField;
  value?: EditValue;
}

const NS = ['import_edit', 'common'];
const resource = importEditResource as unknown as AnyResource;
const path = (rest: string) => gatewayPath('import_edit', rest);
const choicesKey = (siteId: string, search: string) => ['import_edit', 'imported_cars', siteId, search];

/** The site's imported cars matching a search, and the site's labels. */
function useImportedCars(siteId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: choicesKey(siteId, search),
    enabled: enabled && /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.request<{ data: JsonApiRecord<ImportedCarChoice>[]; meta: { labels: ImportEditLabel[] } }>('GET', path(`sites/${siteId}/imported_cars`), { query: search ? { search } : {}, signal }),
  });
}

const carTitle = (car: ImportEditCar | null | undefined) => (car ? [car.brand, car.model].filter(Boolean).join(' ') || '—' : '—');
const carKeys = (car: ImportEditCar | null | undefined, t: (key: string) => string) =>
  car ? [car.vin ? `VIN ${car.vin}` : null, car.external_id ? `${t('external_id')} ${car.external_id}` : null].filter(Boolean).join(' · ') : '';
const labelText = (label: ImportEditLabel, lang: Lang) => (lang === 'en' ? label.name_en : label.name_ru) || label.name;

/** A field's value as the list shows it: the price as its reader reads money, the text, the number of photos, the labels' tags. */
function ValueCell({ field, value, labels, empty }: { field: ImportEditField; value: EditValue; labels: Map<number, ImportEditLabel>; empty: string }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const money = useMoney();
  if (value === null || value === undefined || (Array.isArray(value) && !value.length && field === 'photos')) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  if (field === 'price') return <span className="import-edit__money">{money.cell(value as number)}</span>;
  if (field === 'description') return <Typography.Text ellipsis={{ tooltip: String(value) }} className="import-edit__text">{String(value)}</Typography.Text>;
  if (field === 'photos') return <span>{t('photos_count', { count: (value as number[]).length })}</span>;
  const ids = value as number[];
  if (!ids.length) return <Typography.Text type="secondary">{t('no_labels')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {ids.map((labelId) => {
        const label = labels.get(labelId);
        return (
          <Tag key={labelId} color={label?.background} className="cell-tag">
            {label ? labelText(label, lang) : `#${labelId}`}
          </Tag>
        );
      })}
    </Space>
  );
}

/** The input of an edited value by its field. */
function ValueInput({ field, clientId, labels, value, onChange, id }: { field: ImportEditField; clientId: number | null; labels: ImportEditLabel[]; value?: EditValue; onChange?: (value: EditValue) => void; id?: string }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const label = t('fields.value');
  if (field === 'price') return <MoneyInput id={id} aria-label={label} min={1} value={value as number | undefined} onChange={(next) => onChange?.(next)} />;
  if (field === 'description')
    return <Input.TextArea id={id} aria-label={label} rows={8} showCount maxLength={IMPORT_EDIT_DESCRIPTION_MAX} value={(value as string | undefined) ?? ''} onChange={(event) => onChange?.(event.target.value)} />;
  if (field === 'photos') return <CarPhotosField id={id} aria-label={label} clientId={clientId} value={(value as number[] | undefined) ?? []} onChange={onChange} />;
  return (
    <Select
      id={id}
      aria-label={label}
      mode="multiple"
      allowClear
      value={(value as number[] | undefined) ?? []}
      onChange={(next: number[]) => onChange?.(next)}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no_site_labels')} />}
      options={labels.map((one) => ({ value: one.id, label: labelText(one, lang) }))}
    />
  );
}

/** The car's current value of a field, as the form starts from. */
const currentOf = (car: ImportedCarChoice, field: ImportEditField): EditValue => car[field] ?? null;

/** Creates an edit (a car, a field, its value) or changes one's value; the server's messages under the fields. */
function EditForm({ siteId, clientId, record, labels, footer, onDone }: { siteId: string; clientId: number | null; record: Edit | null; labels: ImportEditLabel[]; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState('');
  const choices = useImportedCars(siteId, search, !record);
  const carId = Form.useWatch('car_id', form);
  const field = Form.useWatch('field', form) ?? record?.attributes.field;
  const cars = choices.data?.data ?? [];
  const chosen = cars.find((car) => Number(car.id) === carId)?.attributes;
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      record
        ? api.patch(path(`import_edits/${record.id}`), { type: 'import_edits', id: record.id, attributes: { value: values.value ?? null } })
        : api.post(path('import_edits'), { type: 'import_edits', attributes: { site_id: Number(siteId), car_id: values.car_id, field: values.field, value: values.value ?? null } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
      await client.invalidateQueries({ queryKey: ['import_edit', 'imported_cars', siteId] });
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang));
      const placed = error.errors.filter((one) => /^\/data\/attributes\/(car_id|field|value)/.test(one.source?.pointer ?? ''));
      if (!placed.length) return notify.error(error.title);
      form.setFields(placed.map((one) => ({ name: one.source!.pointer!.split('/')[3] as keyof FormValues, errors: [one.title] })));
    },
  });
  // A new car or field starts the value from the car's current one.
  const startValue = (nextCar: number | undefined, nextField: ImportEditField | undefined) => {
    const car = cars.find((one) => Number(one.id) === nextCar)?.attributes;
    form.setFieldValue('value', car && nextField ? currentOf(car, nextField) : undefined);
  };
  const actions = (
    <Space>
      <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
      <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
        {t('common:actions.save')}
      </Button>
    </Space>
  );
  return (
    <GuardedForm<FormValues>
      form={form}
      layout="vertical"
      initialValues={record ? { car_id: record.attributes.car_id, field: record.attributes.field, value: record.attributes.value } : { field: 'price' }}
      onValuesChange={(changed: FormValues) => {
        if ('car_id' in changed || 'field' in changed) startValue(form.getFieldValue('car_id'), form.getFieldValue('field'));
      }}
      onFinish={(values) => save.mutateAsync(values)}
    >
      {record ? (
        <Typography.Paragraph>
          <Typography.Text strong>{carTitle(record.attributes.car)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{carKeys(record.attributes.car, t)}</Typography.Text>
        </Typography.Paragraph>
      ) : (
        <Form.Item name="car_id" label={t('fields.car')} rules={[{ required: true, message: t('car_required') }]} extra={t('car_hint')}>
          <Select
            aria-label={t('fields.car')}
            showSearch={{ filterOption: false, onSearch: (text) => setSearch(text.trim()) }}
            loading={choices.isFetching}
            placeholder={t('car_placeholder')}
            notFoundContent={choices.isFetching ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no_imported_cars')} />}
            options={cars.map((car) => ({ value: Number(car.id), label: `${carTitle(car.attributes)} · ${carKeys(car.attributes, t)}` }))}
          />
        </Form.Item>
      )}
      <Form.Item name="field" label={t('fields.field')} rules={[{ required: true }]}>
        <Select aria-label={t('fields.field')} disabled={!!record} options={IMPORT_EDIT_FIELDS.map((value) => ({ value, label: t(`fields_of.${value}`) }))} />
      </Form.Item>
      {record && (
        <Typography.Paragraph type="secondary" className="import-edit__feed">
          {t('fields.feed_value')}: <ValueCell field={record.attributes.field} value={record.attributes.feed_value} labels={new Map(labels.map((one) => [one.id, one]))} empty={t('none')} />
        </Typography.Paragraph>
      )}
      {!record && chosen && field && (
        <Typography.Paragraph type="secondary" className="import-edit__feed">
          {t('current_value')}: <ValueCell field={field} value={currentOf(chosen, field)} labels={new Map(labels.map((one) => [one.id, one]))} empty={t('none')} />
        </Typography.Paragraph>
      )}
      {field && (
        <Form.Item name="value" label={t('fields.value')} required>
          <ValueInput field={field} clientId={clientId} labels={labels} />
        </Form.Item>
      )}
      {footer ? createPortal(actions, footer) : actions}
    </GuardedForm>
  );
}

export function ImportEditPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const site = useSite(siteId);
  const list = useSiteList<EditAttributes>(resource, siteId);
  const permissions = useSession().user?.permissions ?? {};
  const canCreate = hasPermission(permissions, 'import_edit', 'import_edits.create');
  const canChange = hasPermission(permissions, 'import_edit', 'import_edits.patch');
  const canUndo = hasPermission(permissions, 'import_edit', 'import_edits.delete');
  const labelsQuery = useImportedCars(siteId, '', canCreate || canChange);
  const labels = useMemo(() => labelsQuery.data?.meta.labels ?? [], [labelsQuery.data]);
  const labelById = useMemo(() => new Map(labels.map((one) => [one.id, one])), [labels]);
  const [editing, setEditing] = useState<{ record: Edit | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.car ?? '');
  const undo = useMutation({
    mutationFn: (record: Edit) => api.delete(path(`import_edits/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('undone'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const records = list.records as Edit[];
  const title = t('title');
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t('create')}
    </Button>
  );
  const sortOrder = (field: string) => columnSortOrder(list.sort, field);
  const columns = [
    {
      key: 'car',
      title: t('fields.car'),
      width: 260,
      render: (_: unknown, record: Edit) => (
        <div className="import-edit__car">
          <Typography.Text strong>{carTitle(record.attributes.car)}</Typography.Text>
          <Typography.Text type="secondary" className="import-edit__keys">{carKeys(record.attributes.car, t)}</Typography.Text>
        </div>
      ),
    },
    { key: 'field', dataIndex: ['attributes', 'field'], title: t('fields.field'), width: 130, sorter: true, sortOrder: sortOrder('field'), render: (value: ImportEditField) => <Tag className="cell-tag">{t(`fields_of.${value}`)}</Tag> },
    {
      key: 'feed_value',
      title: t('fields.feed_value'),
      width: 220,
      render: (_: unknown, record: Edit) => <ValueCell field={record.attributes.field} value={record.attributes.feed_value} labels={labelById} empty={t('none')} />,
    },
    {
      key: 'value',
      title: t('fields.value'),
      width: 220,
      render: (_: unknown, record: Edit) => <ValueCell field={record.attributes.field} value={record.attributes.value} labels={labelById} empty={t('none')} />,
    },
    { key: 'editor', dataIndex: ['attributes', 'editor'], title: t('fields.editor'), width: 170, render: (value: string | null) => value ?? '—' },
    { key: 'updated_at', dataIndex: ['attributes', 'updated_at'], title: t('fields.updated_at'), width: 160, sorter: true, sortOrder: sortOrder('updated_at'), render: (value: string) => formatDateTime(value) },
    ...(canChange || canUndo
      ? [
          {
            key: '__actions',
            title: t('common:actions.title'),
            width: 100,
            align: 'right' as const,
            fixed: 'right' as const,
            render: (_: unknown, record: Edit) => (
              <Space size={0}>
                {canChange && <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={`${t('change')}: ${carTitle(record.attributes.car)}, ${t(`fields_of.${record.attributes.field}`)}`} title={t('change')} onClick={() => setEditing({ record })} />}
                {canUndo && (
                  <IconButton
                    type="text"
                    danger
                    icon={<UndoOutlined aria-hidden />}
                    aria-label={`${t('undo')}: ${carTitle(record.attributes.car)}, ${t(`fields_of.${record.attributes.field}`)}`}
                    title={t('undo')}
                    confirm={{ title: t('undo_confirm.title'), description: t('undo_confirm.text', { field: t(`fields_of.${record.attributes.field}`) }), okText: t('undo') }}
                    onConfirm={() => undo.mutateAsync(record).catch(() => undefined)}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  const filtered = !!(list.filters.car || list.filters.field);
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <RefreshButton query={list.query} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            className="import-edit__search"
            placeholder={t('filters.car')}
            aria-label={t('filters.car')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { car: value.trim() || null } })}
          />
          <Select
            allowClear
            aria-label={t('filters.field')}
            placeholder={t('filters.field')}
            className="import-edit__field-filter"
            value={list.filters.field}
            onChange={(value?: string) => list.change({ filters: { field: value ?? null } })}
            options={IMPORT_EDIT_FIELDS.map((value) => ({ value, label: t(`fields_of.${value}`) }))}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <LoadFailed error={list.query.error} onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<Edit>
            tableId="import_edit.import_edits"
            rowKey="id"
            keyColumns={['car', 'field', 'value']}
            columns={columns}
            dataSource={records}
            loading={list.query.isFetching}
            scroll={{ x: 'max-content' }}
            onChange={(_pagination, _filters, sorter) => {
              const next = sortOfTable(sorter);
              if (next !== (list.sort ?? null)) list.change({ sort: next });
            }}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: list.total,
              showSizeChanger: true,
              onChange: (page, size) => list.change(size !== list.size ? { size } : { page }),
            }}
            locale={{
              emptyText: list.query.isLoading ? (
                <span />
              ) : filtered ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty_filtered')}>
                  <Button
                    onClick={() => {
                      setSearch('');
                      list.change({ filters: { car: null, field: null } });
                    }}
                  >
                    {t('common:actions.reset_filters')}
                  </Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')}>
                  {createButton}
                </Empty>
              ),
            }}
          />
        )}
      </Card>
      <FormDrawer
        open={!!editing}
        title={editing?.record ? t('edit_title', { field: t(`fields_of.${editing.record.attributes.field}`) }) : t('create_title')}
        size={screens.md === false ? '100%' : 640}
        destroyOnHidden
        onClose={() => setEditing(null)}
        footer={<div ref={setFooter} className="drawer-actions" />}
      >
        {editing && <EditForm siteId={siteId} clientId={site.data?.site.attributes.client_id ?? null} record={editing.record} labels={labels} footer={footer} onDone={() => setEditing(null)} />}
      </FormDrawer>
    </div>
  );
}
