import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Popconfirm, Result, Select, Skeleton, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ImportButton, RestylingImportMenu } from './CatalogImportDialog.tsx';
import {
  auditResource,
  CATALOG_IMPORT_CODES,
  dealerOptionResource,
  engineSchema,
  hasAnyPermission,
  marketingComplectationResource,
  optionCategoryResource,
  optionResource,
  POWER_UNITS,
  specificationCategoriesSchema,
  translateMessage,
  VOLUME_UNITS,
  type AnyResource,
  type JsonApiRecord,
  type Lang,
  type MarketingEngine,
  type SpecificationCategory,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { AuditHistory } from '../../kit/AuditHistory.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { useMoney } from '../../kit/Money.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras } from '../../kit/resourceListExtras.ts';
import { recordLabel } from '../../kit/resourceText.ts';
import { recordPath } from '../../kit/useResourceList.ts';
import { GuardedForm, useUnsavedChanges } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { moveItem as move } from '../../kit/reorder.ts';

type Row = JsonApiRecord<Record<string, unknown>>;
const resource = marketingComplectationResource as unknown as AnyResource;
const SERVICE = 'cars.catalog';
const useLang = (): Lang => {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ru';
};

/**
 * /cars.catalog/marketing_complectations/: the list with the price as its reader reads money; a
 * row opens its own page. The header imports marketing complectations, and a restyling's
 * specifications, prices and options once the list is narrowed to one restyling.
 */
export function MarketingComplectationsPage() {
  const restyling = useSearchParams()[0].get('restylings');
  const extras = useMemo(
    () => ({
      headerExtra: (
        <>
          {restyling && /^\d+$/.test(restyling) && <RestylingImportMenu restylingId={Number(restyling)} resources={[resource, optionResource as unknown as AnyResource]} />}
          <ImportButton kind="marketing_complectations" resources={[resource]} code={CATALOG_IMPORT_CODES.marketing_complectations} />
        </>
      ),
    }),
    [restyling],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={resource} detailPath={(record) => `/cars.catalog/marketing_complectations/${record.id}`} />
    </ResourceListExtras.Provider>
  );
}

/**
 * Options are only read and deleted (spec 001 §7): the list offers deletion (with confirmation)
 * to holders of options.delete and no creation or editing (no code grants them).
 */
const optionScreen = {
  ...optionResource,
  readOnly: false,
  permissions: { ...optionResource.permissions, create: ['options.create_never'], update: ['options.patch_never'] },
} as unknown as AnyResource;

export const MARKETING_PAGES: Record<string, ComponentType> = {
  option_categories: () => <ResourceListPage resource={optionCategoryResource as unknown as AnyResource} />,
  options: () => <ResourceListPage resource={optionScreen} />,
  dealer_options: () => <ResourceListPage resource={dealerOptionResource as unknown as AnyResource} />,
};

// ——— the record's own page ———

/** A PATCH of some attributes of the marketing complectation, refreshing its views. */
function usePatch(record: Row, onError?: (error: unknown) => boolean) {
  const queryClient = useQueryClient();
  const { t } = useTranslation(['common']);
  const lang = useLang();
  return useMutation({
    mutationFn: (attributes: Record<string, unknown>) => api.patch<Row>(recordPath(resource, record.id), { type: resource.name, id: record.id, attributes }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      if (onError?.(error)) return;
      notify.error(errorTitle(error, lang));
    },
  });
}

/**
 * Sends a tab's changes: they count as saved from the moment they are sent (the tab is made again
 * from the saved record), and a failed save holds them again.
 */
function sendAndRelease(save: ReturnType<typeof usePatch>, attributes: Record<string, unknown>, release: () => void, hold: () => void) {
  release();
  save.mutate(attributes, { onError: hold });
}

/** A tab's key: it changes only when the attributes the tab edits change, so what is typed on one tab survives a save made on another. */
const partKey = (record: Row, names: readonly string[]) => `${record.id}:${JSON.stringify(names.map((name) => record.attributes[name] ?? null))}`;

const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Errors of a document (engine, specifications) by their path below the attribute: 'volume.unit' → message. */
function documentErrors(error: unknown, attribute: string): Record<string, string> | null {
  if (!isApiError(error)) return null;
  const prefix = `/data/attributes/${attribute}`;
  const found = error.errors.filter((entry) => entry.source?.pointer?.startsWith(prefix));
  if (!found.length) return null;
  return Object.fromEntries(found.map((entry) => [entry.source!.pointer!.slice(prefix.length + 1).replace(/\//g, '.'), entry.title]));
}

/** Zod issues of a document as the same map, in the reader's language. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, lang: Lang): Record<string, string> {
  if (result.success || !result.error) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.map(String).join('.'), translateMessage(issue.message, lang)]));
}

interface EngineValues {
  name?: string;
  volume_value?: number | null;
  volume_unit?: string;
  power_value?: number | null;
  power_unit?: string;
  torque_value?: number | null;
  rpm_from?: number | null;
  rpm_to?: number | null;
}

const engineToValues = (engine: MarketingEngine | null): EngineValues => ({
  name: engine?.name,
  volume_value: engine?.volume?.value ?? null,
  volume_unit: engine?.volume?.unit ?? 'liter',
  power_value: engine?.power?.value ?? null,
  power_unit: engine?.power?.unit ?? 'horse_power',
  torque_value: engine?.torque?.value ?? null,
  rpm_from: engine?.torque?.rpm_from ?? null,
  rpm_to: engine?.torque?.rpm_to ?? null,
});

function valuesToEngine(values: EngineValues): Record<string, unknown> {
  const given = (value: number | null | undefined) => value !== null && value !== undefined;
  return {
    name: values.name ?? '',
    volume: given(values.volume_value) ? { value: values.volume_value, unit: values.volume_unit } : null,
    power: given(values.power_value) ? { value: values.power_value, unit: values.power_unit } : null,
    torque:
      given(values.torque_value) || given(values.rpm_from) || given(values.rpm_to)
        ? { value: values.torque_value ?? null, unit: 'newton_meter', rpm_from: values.rpm_from ?? null, rpm_to: values.rpm_to ?? null }
        : null,
  };
}

/** The form fields of each path of the engine document. */
const ENGINE_FIELDS: Record<string, keyof EngineValues> = {
  name: 'name',
  'volume.value': 'volume_value',
  'volume.unit': 'volume_unit',
  'power.value': 'power_value',
  'power.unit': 'power_unit',
  'torque.value': 'torque_value',
  'torque.rpm_from': 'rpm_from',
  'torque.rpm_to': 'rpm_to',
};

/** The engine selection (spec 001 §2): name, volume in litres or cm³, power in hp or kW, torque with its rpm range. */
function EngineTab({ record, editable }: { record: Row; editable: boolean }) {
  const { t } = useTranslation([SERVICE, 'common']);
  const lang = useLang();
  const [form] = Form.useForm<EngineValues>();
  const engine = (record.attributes.engine ?? null) as MarketingEngine | null;
  const show = (errors: Record<string, string>) => {
    const fields = Object.entries(errors).map(([path, message]) => ({ name: ENGINE_FIELDS[path] ?? 'name', errors: [message] }));
    form.setFields(fields);
    return fields.length > 0;
  };
  const save = usePatch(record, (error) => {
    const errors = documentErrors(error, 'engine');
    return errors ? show(errors) : false;
  });
  const submit = (values: EngineValues) => {
    const next = valuesToEngine(values);
    const problems = issuesOf(engineSchema.safeParse(next), lang);
    if (Object.keys(problems).length) return void show(problems);
    save.mutate({ engine: next });
  };
  const unitOptions = (units: readonly string[]) => units.map((unit) => ({ value: unit, label: t(`${SERVICE}:marketing_complectations.units.${unit}`) }));
  return (
    <GuardedForm form={form} layout="vertical" initialValues={engineToValues(engine)} onFinish={submit} disabled={!editable} name="engine" className="marketing-engine">
      {!engine && <Alert type="info" showIcon className="marketing-note" title={t(`${SERVICE}:marketing_complectations.engine.none`)} />}
      <Form.Item name="name" label={t(`${SERVICE}:marketing_complectations.engine.name`)} required>
        <Input aria-label={t(`${SERVICE}:marketing_complectations.engine.name`)} placeholder="2.0 MPI" maxLength={255} />
      </Form.Item>
      <Space wrap align="start" size={[16, 0]} className="marketing-engine__row" style={{ display: 'flex' }}>
        <Form.Item name="volume_value" label={t(`${SERVICE}:marketing_complectations.engine.volume`)}>
          <InputNumber aria-label={t(`${SERVICE}:marketing_complectations.engine.volume`)} min={0} step={0.1} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="volume_unit" label={t(`${SERVICE}:marketing_complectations.engine.unit`)}>
          <Select aria-label={t(`${SERVICE}:marketing_complectations.engine.volume_unit`)} options={unitOptions(VOLUME_UNITS)} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Space wrap align="start" size={[16, 0]} className="marketing-engine__row" style={{ display: 'flex' }}>
        <Form.Item name="power_value" label={t(`${SERVICE}:marketing_complectations.engine.power`)}>
          <InputNumber aria-label={t(`${SERVICE}:marketing_complectations.engine.power`)} min={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="power_unit" label={t(`${SERVICE}:marketing_complectations.engine.unit`)}>
          <Select aria-label={t(`${SERVICE}:marketing_complectations.engine.power_unit`)} options={unitOptions(POWER_UNITS)} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Space wrap align="start" size={[16, 0]} className="marketing-engine__row" style={{ display: 'flex' }}>
        <Form.Item name="torque_value" label={t(`${SERVICE}:marketing_complectations.engine.torque`)}>
          <InputNumber aria-label={t(`${SERVICE}:marketing_complectations.engine.torque`)} min={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="rpm_from" label={t(`${SERVICE}:marketing_complectations.engine.rpm_from`)}>
          <InputNumber aria-label={t(`${SERVICE}:marketing_complectations.engine.rpm_from`)} min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="rpm_to" label={t(`${SERVICE}:marketing_complectations.engine.rpm_to`)}>
          <InputNumber aria-label={t(`${SERVICE}:marketing_complectations.engine.rpm_to`)} min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
      {editable && (
        <Space wrap style={{ display: 'flex' }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
          {engine && (
            <Popconfirm title={t(`${SERVICE}:marketing_complectations.engine.remove_confirm`)} okText={t('common:yes')} cancelText={t('common:no')} onConfirm={() => save.mutate({ engine: null })}>
              <Button danger icon={<DeleteOutlined aria-hidden />}>
                {t(`${SERVICE}:marketing_complectations.engine.remove`)}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </GuardedForm>
  );
}

/** The price view: the base price (GET /marketing_complectations/{id}/prices) as its reader reads money, and its change in roubles. */
function PriceTab({ record, editable }: { record: Row; editable: boolean }) {
  const { t } = useTranslation([SERVICE, 'common']);
  const lang = useLang();
  const money = useMoney();
  const prices = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'prices', record.id, record.attributes.updated_at],
    queryFn: () => api.get<{ attributes: { base_price: number | null; currency: string; options_count: number } }>(gatewayPath(SERVICE, `marketing_complectations/${record.id}/prices`)),
  });
  const saved = (record.attributes.base_price as number | null) ?? null;
  const [price, setPrice] = useState<number | null>(saved);
  // A newer record (saved here, on another tab or by someone else) shows its price, unless a price is being typed.
  const [shown, setShown] = useState<number | null>(saved);
  if (saved !== shown) {
    setShown(saved);
    if (price === shown) setPrice(saved);
  }
  const [error, setError] = useState<string | null>(null);
  const { release, hold } = useUnsavedChanges(price !== saved);
  const save = usePatch(record, (failure) => {
    const errors = documentErrors(failure, 'base_price');
    if (!errors) return false;
    setError(Object.values(errors)[0] ?? null);
    return true;
  });
  if (prices.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(prices.error, lang)} />;
  if (!prices.data) return <Skeleton active />;
  const view = prices.data.attributes;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'base', label: t(`${SERVICE}:marketing_complectations.price.base`), children: view.base_price === null ? t(`${SERVICE}:marketing_complectations.price.unknown`) : money.cell(view.base_price) },
          { key: 'currency', label: t(`${SERVICE}:marketing_complectations.price.currency`), children: t(`${SERVICE}:marketing_complectations.price.rub`) },
          { key: 'options', label: t(`${SERVICE}:marketing_complectations.price.options`), children: view.options_count },
        ]}
      />
      {editable && (
        <GuardedForm layout="vertical" onFinish={() => sendAndRelease(save, { base_price: price }, release, hold)}>
          <Form.Item label={t(`${SERVICE}:marketing_complectations.price.change`)} validateStatus={error ? 'error' : undefined} help={error ?? t(`${SERVICE}:marketing_complectations.price.hint`)} extra={money.inputHelp(price)}>
            <Space.Compact>
              <MoneyInput
                aria-label={t(`${SERVICE}:marketing_complectations.price.change`)}
                value={price}
                onChange={(value) => {
                  setError(null);
                  setPrice(typeof value === 'number' ? value : null);
                }}
                style={{ width: 220 }}
                usdHelp={false}
              />
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('common:actions.save')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </GuardedForm>
      )}
    </Space>
  );
}

type SpecRow = { key: string; title: string; code: string; value: string; main: boolean };
type CategoryRow = { key: string; title: string; specifications: SpecRow[] };
let keySeq = 0;
const nextKey = () => `k${++keySeq}`;

const toRows = (categories: SpecificationCategory[]): CategoryRow[] =>
  [...categories]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((category) => ({
      key: nextKey(),
      title: category.title,
      specifications: [...(category.specifications ?? [])]
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
        .map((spec) => ({ key: nextKey(), title: spec.title, code: spec.code ?? '', value: spec.value ?? '', main: !!spec.main })),
    }));

const fromRows = (rows: CategoryRow[]): SpecificationCategory[] =>
  rows.map((category, order) => ({
    title: category.title.trim(),
    order: order + 1,
    specifications: category.specifications.map((spec, index) => ({ title: spec.title.trim(), code: spec.code.trim() || null, value: spec.value.trim() || null, main: spec.main, order: index + 1 })),
  }));

/** The specification view: categories with their rows, edited in place (add, remove, reorder), saved at once. */
function SpecificationTab({ record, editable }: { record: Row; editable: boolean }) {
  const { t } = useTranslation([SERVICE, 'common']);
  const lang = useLang();
  const [loaded] = useState<CategoryRow[]>(() => toRows((record.attributes.specification_categories ?? []) as SpecificationCategory[]));
  const [rows, setRows] = useState<CategoryRow[]>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { release, hold } = useUnsavedChanges(JSON.stringify(fromRows(rows)) !== JSON.stringify(fromRows(loaded)));
  const save = usePatch(record, (error) => {
    const found = documentErrors(error, 'specification_categories');
    if (!found) return false;
    setErrors(found);
    return true;
  });
  const k = (key: string) => t(`${SERVICE}:marketing_complectations.specs.${key}`);
  const change = (next: CategoryRow[]) => {
    setRows(next);
    setErrors({});
  };
  const setCategory = (index: number, patch: Partial<CategoryRow>) => change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const setSpec = (index: number, specIndex: number, patch: Partial<SpecRow>) =>
    setCategory(index, { specifications: rows[index]!.specifications.map((spec, j) => (j === specIndex ? { ...spec, ...patch } : spec)) });
  const submit = () => {
    const categories = fromRows(rows);
    const problems = issuesOf(specificationCategoriesSchema.safeParse(categories), lang);
    if (Object.keys(problems).length) return setErrors(problems);
    sendAndRelease(save, { specification_categories: categories }, release, hold);
  };
  const errorOf = (path: string) => errors[path];
  const status = (path: string) => (errorOf(path) ? ('error' as const) : undefined);
  const problems = Object.keys(errors).length;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={k('empty')} />}
      {problems > 0 && <Alert type="error" showIcon title={k('invalid')} description={Object.values(errors)[0]} />}
      {rows.map((category, index) => (
        <Card
          key={category.key}
          size="small"
          className="specification-category"
          title={
            <Form.Item validateStatus={status(`${index}.title`)} help={errorOf(`${index}.title`)} style={{ margin: '8px 0' }}>
              <Input
                aria-label={`${k('category_title')} ${index + 1}`}
                placeholder={k('category_title')}
                value={category.title}
                disabled={!editable}
                maxLength={255}
                onChange={(event) => setCategory(index, { title: event.target.value })}
              />
            </Form.Item>
          }
          extra={
            editable && (
              <Space size={4}>
                <IconButton type="text" icon={<ArrowUpOutlined aria-hidden />} aria-label={`${k('up')}: ${category.title}`} disabled={index === 0} onClick={() => change(move(rows, index, -1))} />
                <IconButton type="text" icon={<ArrowDownOutlined aria-hidden />} aria-label={`${k('down')}: ${category.title}`} disabled={index === rows.length - 1} onClick={() => change(move(rows, index, 1))} />
                <Popconfirm title={k('remove_category_confirm')} description={category.title} okText={t('common:yes')} cancelText={t('common:no')} onConfirm={() => change(rows.filter((_, i) => i !== index))}>
                  <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${k('remove_category')}: ${category.title}`} />
                </Popconfirm>
              </Space>
            )
          }
        >
          <DataTable<SpecRow>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={category.specifications}
            scroll={{ x: 760 }}
            locale={{ emptyText: k('no_rows') }}
            columns={[
              {
                title: k('title'),
                width: 220,
                render: (_, spec, j) => (
                  <Form.Item validateStatus={status(`${index}.specifications.${j}.title`)} help={errorOf(`${index}.specifications.${j}.title`)} style={{ margin: 0 }}>
                    <Input aria-label={`${k('title')} ${j + 1}`} value={spec.title} disabled={!editable} maxLength={255} onChange={(event) => setSpec(index, j, { title: event.target.value })} />
                  </Form.Item>
                ),
              },
              {
                title: k('code'),
                width: 140,
                render: (_, spec, j) => (
                  <Form.Item validateStatus={status(`${index}.specifications.${j}.code`)} help={errorOf(`${index}.specifications.${j}.code`)} style={{ margin: 0 }}>
                    <Input aria-label={`${k('code')} ${j + 1}`} value={spec.code} disabled={!editable} maxLength={100} onChange={(event) => setSpec(index, j, { code: event.target.value })} />
                  </Form.Item>
                ),
              },
              {
                title: k('value'),
                width: 200,
                render: (_, spec, j) => (
                  <Form.Item validateStatus={status(`${index}.specifications.${j}.value`)} help={errorOf(`${index}.specifications.${j}.value`)} style={{ margin: 0 }}>
                    <Input aria-label={`${k('value')} ${j + 1}`} value={spec.value} disabled={!editable} maxLength={1000} onChange={(event) => setSpec(index, j, { value: event.target.value })} />
                  </Form.Item>
                ),
              },
              {
                title: k('main'),
                width: 90,
                render: (_, spec, j) => <Switch aria-label={`${k('main')} ${j + 1}`} checked={spec.main} disabled={!editable} onChange={(main) => setSpec(index, j, { main })} />,
              },
              ...(editable
                ? [
                    {
                      title: t('common:actions.title'),
                      width: 120,
                      render: (_: unknown, spec: SpecRow, j: number) => (
                        <Space size={0}>
                          <IconButton type="text" size="small" icon={<ArrowUpOutlined aria-hidden />} aria-label={`${k('up')}: ${spec.title}`} disabled={j === 0} onClick={() => setCategory(index, { specifications: move(category.specifications, j, -1) })} />
                          <IconButton
                            type="text"
                            size="small"
                            icon={<ArrowDownOutlined aria-hidden />}
                            aria-label={`${k('down')}: ${spec.title}`}
                            disabled={j === category.specifications.length - 1}
                            onClick={() => setCategory(index, { specifications: move(category.specifications, j, 1) })}
                          />
                          <Popconfirm title={k('remove_row_confirm')} description={spec.title} okText={t('common:yes')} cancelText={t('common:no')} onConfirm={() => setCategory(index, { specifications: category.specifications.filter((_, i) => i !== j) })}>
                            <IconButton type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${k('remove_row')}: ${spec.title}`} />
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {editable && (
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} style={{ marginTop: 8 }} onClick={() => setCategory(index, { specifications: [...category.specifications, { key: nextKey(), title: '', code: '', value: '', main: false }] })}>
              {k('add_row')}
            </Button>
          )}
        </Card>
      ))}
      {editable && (
        <Space wrap>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => change([...rows, { key: nextKey(), title: '', specifications: [{ key: nextKey(), title: '', code: '', value: '', main: false }] }])}>
            {k('add_category')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('common:actions.save')}
          </Button>
        </Space>
      )}
    </Space>
  );
}

/** The option view: the options with their categories (GET /{id}/options), chosen among the restyling's options. */
function OptionsTab({ record, editable }: { record: Row; editable: boolean }) {
  const { t } = useTranslation([SERVICE, 'common']);
  const lang = useLang();
  const view = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'options', record.id, record.attributes.updated_at],
    queryFn: () => api.request<{ data: Row[]; included?: Row[] }>('GET', gatewayPath(SERVICE, `marketing_complectations/${record.id}/options`)),
  });
  const restylingId = String(record.attributes.restyling_id);
  const choices = useQuery({
    queryKey: [...queryKeys.resource(optionResource).all, 'of-restyling', restylingId],
    enabled: editable,
    queryFn: () => api.fetchAll(gatewayPath(SERVICE, 'options'), { 'filter[restylings]': restylingId }, 500),
  });
  const [chosen, setChosen] = useState<number[]>((record.attributes.option_ids ?? []) as number[]);
  const { release, hold } = useUnsavedChanges(!sameIds(chosen, (record.attributes.option_ids ?? []) as number[]));
  const save = usePatch(record);
  const k = (key: string) => t(`${SERVICE}:marketing_complectations.options.${key}`);
  if (view.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(view.error, lang)} />;
  if (!view.data) return <Skeleton active />;
  const categories = new Map((view.data.included ?? []).map((category) => [category.id, category]));
  const named = (row: Row) => String((lang === 'en' ? row.attributes.name_en : row.attributes.name_ru) || row.attributes.name);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <DataTable<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={view.data.data}
        scroll={{ x: 520 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={k('empty')} /> }}
        columns={[
          { title: k('category'), width: 200, render: (_, row) => { const category = categories.get(String(row.attributes.category_id)); return category ? <Tag>{named(category)}</Tag> : '—'; } },
          { title: k('name'), width: 260, render: (_, row) => named(row) },
          { title: k('code'), width: 120, render: (_, row) => <Typography.Text code>{String(row.attributes.code)}</Typography.Text> },
        ]}
      />
      {editable && (
        <GuardedForm layout="vertical" onFinish={() => sendAndRelease(save, { option_ids: chosen }, release, hold)}>
          <Form.Item label={k('choose')} help={k('choose_hint')}>
            <Select
              mode="multiple"
              aria-label={k('choose')}
              loading={choices.isFetching}
              value={chosen}
              onChange={setChosen}
              showSearch={{ optionFilterProp: 'label' }}
              options={(choices.data?.data ?? []).map((option) => ({ value: Number(option.id), label: `${named(option as Row)} (${String(option.attributes.code)})` }))}
              notFoundContent={k('none_available')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </GuardedForm>
      )}
    </Space>
  );
}

/** /cars.catalog/marketing_complectations/{marketingComplectationId}: the form and the engine, price, specification and option views. */
export function MarketingComplectationPage() {
  const { t } = useTranslation([SERVICE, 'common', 'clients.storage']);
  const lang = useLang();
  const { user } = useSession();
  const id = useParams().marketingComplectationId ?? '';
  const valid = /^\d+$/.test(id);
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'one', id],
    queryFn: () => api.get<Row>(recordPath(resource, id)),
    enabled: valid,
  });
  const editable = hasAnyPermission(user?.permissions ?? {}, SERVICE, resource.permissions.update);
  const listTitle = t(`${SERVICE}:marketing_complectations.title`);
  const back = (
    <Link to={resource.screen}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{listTitle}</Button>
    </Link>
  );
  if (query.isError || !valid) {
    return (
      <div className="page">
        <PageHeader title={listTitle} />
        <Result status="404" title={t('common:load_failed')} subTitle={query.error ? errorTitle(query.error, lang) : undefined} extra={back} />
      </div>
    );
  }
  const record = query.data;
  const tabs: { key: string; label: string; children: ReactNode }[] = record
    ? [
        {
          key: 'main',
          label: t(`${SERVICE}:marketing_complectations.tabs.main`),
          children: <ResourceForm key={partKey(record, resource.form.map((field) => field.field))} resource={resource} record={record} wide readOnly={!editable} onSaved={() => void query.refetch()} />,
        },
        { key: 'engine', label: t(`${SERVICE}:marketing_complectations.tabs.engine`), children: <EngineTab key={partKey(record, ['engine'])} record={record} editable={editable} /> },
        { key: 'price', label: t(`${SERVICE}:marketing_complectations.tabs.price`), children: <PriceTab key={record.id} record={record} editable={editable} /> },
        { key: 'specification', label: t(`${SERVICE}:marketing_complectations.tabs.specification`), children: <SpecificationTab key={partKey(record, ['specification_categories'])} record={record} editable={editable} /> },
        { key: 'options', label: t(`${SERVICE}:marketing_complectations.tabs.options`), children: <OptionsTab key={partKey(record, ['option_ids'])} record={record} editable={editable} /> },
        { key: 'history', label: t('clients.storage:audit.history_tab'), children: <AuditHistory resource={resource.name} recordId={record.id} /> },
      ]
    : [];
  return (
    <div className="page">
      <PageHeader
        title={record ? t(`${SERVICE}:marketing_complectations.edit_title`, { name: recordLabel(record, resource) }) : t('common:loading')}
        subtitle={record ? <Typography.Text type="secondary">{String(record.attributes.code)}</Typography.Text> : undefined}
        documentTitle={record ? recordLabel(record, resource) : undefined}
        extra={
          <Space wrap>
            {record && <RestylingImportMenu restylingId={Number(record.attributes.restyling_id)} resources={[resource, optionResource as unknown as AnyResource]} />}
            {back}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {record ? <Tabs items={tabs} destroyOnHidden={false} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </Card>
    </div>
  );
}

export default MarketingComplectationPage;
