import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Result, Row, Select, Skeleton, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, LIST_SORT_FIELDS, SORT_DIRECTIONS, type Lang, type ListSortSettingsAttributes } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors, sortingPath, useSiteSettings } from '../cars.stock.sites/stock-sites-api.ts';
import { GuardedForm, useUnsavedChanges } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { moveItem } from '../../kit/reorder.ts';

type Values = Pick<ListSortSettingsAttributes, 'new_sort' | 'used_sort' | 'visitor_fields'>;
interface SiteRestyling {
  restyling_id: number;
  name: string;
  generation: string;
  model: string;
  brand: string;
  sort: number | null;
  cars: number;
}

/** The list sort settings: the first order of the new and used lists and the orders visitors may choose. */
function ListSortForm({ siteId, canSave, lang }: { siteId: string; canSave: boolean; lang: Lang }) {
  const { t } = useTranslation(['cars.sorting', 'common']);
  const { query, save, settings } = useSiteSettings<ListSortSettingsAttributes>('cars.sorting', 'list_sort_settings', siteId);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (settings) form.setFieldsValue({ new_sort: settings.new_sort, used_sort: settings.used_sort, visitor_fields: settings.visitor_fields });
  }, [settings, form]);
  if (query.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error)} extra={<Button type="primary" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />;
  if (query.isLoading) return <Skeleton active />;
  const fieldOptions = LIST_SORT_FIELDS.map((value) => ({ value, label: t(`fields.${value}`) }));
  const sortOf = (kind: 'new_sort' | 'used_sort') => (
    <Col xs={24} md={12}>
      <Space wrap align="start">
        <Form.Item name={[kind, 'field']} label={t(`list.${kind}`)}>
          <Select aria-label={t(`list.${kind}`)} options={fieldOptions} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name={[kind, 'direction']} label={t('list.direction')}>
          <Select aria-label={`${t('list.direction')} (${t(`list.${kind}`)})`} options={SORT_DIRECTIONS.map((value) => ({ value, label: t(`directions.${value}`) }))} style={{ width: 180 }} />
        </Form.Item>
      </Space>
    </Col>
  );
  return (
    <GuardedForm<Values>
      form={form}
      id="list-sort"
      name="list-sort"
      layout="vertical"
      disabled={!canSave || save.isPending}
      onFinish={(values) => save.mutate(values as never, { onSuccess: () => notify.success(t('common:notices.saved')), onError: (error) => showSaveErrors(error, lang, form.setFields as never) })}
    >
      <Row gutter={24}>
        {sortOf('new_sort')}
        {sortOf('used_sort')}
      </Row>
      <Form.Item name="visitor_fields" label={t('list.visitor_fields')} extra={t('list.visitor_hint')}>
        <Checkbox.Group options={fieldOptions} />
      </Form.Item>
      {canSave && <Button type="primary" htmlType="submit" loading={save.isPending}>{t('common:actions.save')}</Button>}
    </GuardedForm>
  );
}

const sameOrder = (a: SiteRestyling[], b: SiteRestyling[]) => a.length === b.length && a.every((row, index) => row.restyling_id === b[index]?.restyling_id);

/** The site's restylings in its order: moved up and down, then saved at once. */
function RestylingOrder({ siteId, canSave, lang }: { siteId: string; canSave: boolean; lang: Lang }) {
  const { t } = useTranslation(['cars.sorting', 'common']);
  const client = useQueryClient();
  const key = ['cars.sorting', 'restylings', siteId];
  const query = useQuery({ queryKey: key, enabled: /^\d+$/.test(siteId), queryFn: ({ signal }) => api.get<SiteRestyling[]>(sortingPath(`sites/${siteId}/restylings`), undefined, signal) });
  const [rows, setRows] = useState<SiteRestyling[] | null>(null);
  useEffect(() => setRows(null), [query.data]);
  const shown = rows ?? query.data ?? [];
  // The order moved here and not saved yet: another page and a reload ask first.
  const { release, hold } = useUnsavedChanges(rows !== null && !sameOrder(rows, query.data ?? []));
  const save = useMutation({
    mutationFn: (ids: number[]) => api.post<SiteRestyling[]>(sortingPath(`sites/${siteId}/restyling_sort/order`), { restyling_ids: ids }),
    // The save counts from the moment it is sent; a failed one holds the order again.
    onMutate: release,
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      hold();
      notify.error(errorTitle(error, lang));
    },
  });
  const move = (index: number, by: -1 | 1) => setRows(moveItem(shown, index, by));
  if (query.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error)} extra={<Button type="primary" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />;
  return (
    <>
      <Space wrap className="resource-filters">
        {canSave && (
          <Button type="primary" disabled={!rows || !shown.length} loading={save.isPending} onClick={() => save.mutate(shown.map((row) => row.restyling_id))}>
            {t('order.save')}
          </Button>
        )}
        {rows && <Button onClick={() => setRows(null)}>{t('order.reset')}</Button>}
      </Space>
      <DataTable<SiteRestyling>
        rowKey="restyling_id"
        size="middle"
        loading={query.isFetching}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: query.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.empty')} /> }}
        columns={[
          { key: 'place', title: t('order.place'), width: 80, render: (_value, _row, index) => index + 1 },
          { key: 'name', title: t('order.restyling'), render: (_value, row) => <span>{`${row.brand} ${row.model} ${row.generation} · ${row.name}`}</span> },
          { key: 'cars', title: t('order.cars'), width: 110, render: (_value, row) => row.cars },
          { key: 'state', title: t('order.state'), width: 150, render: (_value, row) => (row.sort === null ? <Tag>{t('order.not_placed')}</Tag> : <Tag color="blue">{t('order.placed')}</Tag>) },
          ...(canSave
            ? [
                {
                  key: 'move',
                  title: t('order.move'),
                  width: 120,
                  render: (_value: unknown, row: SiteRestyling, index: number) => (
                    <Space>
                      <IconButton size="small" icon={<ArrowUpOutlined aria-hidden />} aria-label={t('order.up', { name: `${row.model} ${row.name}` })} disabled={index === 0} onClick={() => move(index, -1)} />
                      <IconButton size="small" icon={<ArrowDownOutlined aria-hidden />} aria-label={t('order.down', { name: `${row.model} ${row.name}` })} disabled={index === shown.length - 1} onClick={() => move(index, 1)} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/**
 * /cars.sorting/settings/{siteId} (spec 001 §2, §7 list_sort_settings, restyling_sort): how the
 * site's car lists are ordered, and the order of its restylings (the "restyling order" sort).
 */
export default function SortingPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.sorting', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const client = useQueryClient();
  const canSave = hasPermission(user?.permissions ?? {}, 'cars.sorting', 'sorting.patch');
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        subtitle={site.data?.site.attributes.name}
        documentTitle={t('title')}
        extra={<IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void client.invalidateQueries({ queryKey: ['cars.sorting'] })} />}
      />
      {!canSave && <Alert type="info" showIcon title={t('read_only')} style={{ marginBottom: 16 }} />}
      <Card variant="borderless" className="page-card" title={t('list.title')}>
        <ListSortForm siteId={siteId} canSave={canSave} lang={lang} />
      </Card>
      <Card variant="borderless" className="page-card" title={t('order.title')} style={{ marginTop: 16 }}>
        <p>{t('order.intro')}</p>
        <RestylingOrder siteId={siteId} canSave={canSave} lang={lang} />
      </Card>
    </div>
  );
}
