import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, Card, Col, Drawer, Empty, Form, Grid, Image, Input, Result, Row, Select, Space, Tabs, Tag } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { childUri, COLLECTION_TYPES, hasPermission, pageResource, pageUri, type CollectionPageAttributes, type CollectionType, type JsonApiList, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { formatDate } from '../../../kit/format.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { useDealerChoices, useSite } from '../site-api.ts';
import { contentPath, useInvalidateContent, useSiteRecords, type PageAttributes, type PageRecord, useCentralLock } from './content-api.ts';
import { CollectionFields, imageFromForm, videoFromForm } from './CollectionFields.tsx';
import { contentFormErrors } from './content-errors.ts';
import { addressFromTitle, collectionParent, freeUri, pageEditPath, pageOptions } from './pages.ts';
import './content.css';
import { CentralLockNotice } from './state-widgets.tsx';
import { FormDrawer, GuardedForm } from '../../../kit/unsaved.tsx';
import { DataTable } from '../../../kit/DataTable.tsx';
import { IconButton } from '../../../kit/IconButton.tsx';
import { SearchInput } from '../../../kit/SearchInput.tsx';

type Row = JsonApiRecord<CollectionPageAttributes>;
const PAGE_SIZE = 20;

/**
 * /sites.context/sites/{siteId}/collections/{specials|news|article|any}: collection pages of a
 * type (title, order, date, image, tags, dealers, status) and the creation of one; a row opens
 * the page's editor, where its collection block and the workflow live.
 */
export default function CollectionsPage() {
  const { siteId = '' } = useParams();
  const location = useLocation();
  const type = (COLLECTION_TYPES.find((entry) => location.pathname.endsWith(`/collections/${entry}`)) ?? 'any') as CollectionType;
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const central = useCentralLock(siteId);
  const canEdit = hasPermission(user?.permissions ?? {}, 'sites.context', 'pages.patch') && !central;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm();
  const invalidate = useInvalidateContent();
  const site = useSite(siteId);
  const dealers = useDealerChoices(site.data?.site.attributes.client_id);
  const pages = useSiteRecords<PageAttributes>(pageResource, siteId, creating);
  const list = useQuery({
    queryKey: ['sites.context', 'collections', siteId, type, page, search],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<CollectionPageAttributes>(contentPath(`sites/${siteId}/collections/${type}`), { 'page[number]': page, 'page[size]': PAGE_SIZE, 'filter[search]': search || undefined }, signal) as Promise<JsonApiList<CollectionPageAttributes>>,
  });
  const create = useMutation({
    mutationFn: (values: Record<string, any>) =>
      api.post<JsonApiRecord<PageAttributes>>(contentPath(`sites/${siteId}/collections/${type}`), {
        ...values,
        parent_id: values.parent_id ?? null,
        description: values.description?.trim() || null,
        image: imageFromForm(values.image),
        video: videoFromForm(values.video),
        publication_date: values.publication_date ? dayjs(values.publication_date).toISOString() : null,
      }),
    onSuccess: async (created) => {
      await invalidate();
      notify.success(t('common:notices.created'));
      setCreating(false);
      navigate(pageEditPath(siteId, created.id, created.attributes.drafts[0]));
    },
    onError: (error) => {
      const fields = contentFormErrors(error, t, '/data/');
      if (fields.length) return form.setFields(fields as never);
      notify.error(errorTitle(error));
    },
  });
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, () => lang)];
  const siteRows = (pages.data ?? []) as PageRecord[];
  const parentUri = (id: number | null | undefined) => siteRows.find((row) => Number(row.id) === id)?.attributes.uri ?? null;
  // The address follows the title until the user edits it by hand.
  const uriTyped = useRef(false);
  const defaulted = useRef(false);
  // A new item starts under the collection's page, dated now; applied once per opening, when the site's pages are known.
  useEffect(() => {
    if (!creating) {
      defaulted.current = false;
      return;
    }
    if (defaulted.current || !pages.data) return;
    defaulted.current = true;
    uriTyped.current = false;
    const parent_id = collectionParent(type, list.data?.data ?? [], siteRows);
    form.setFieldsValue({ parent_id, uri: childUri(parentUri(parent_id), ''), publication_date: dayjs() });
  });
  const followTitle = (changed: Record<string, unknown>, values: Record<string, any>) => {
    if ('uri' in changed) uriTyped.current = true;
    if ('title' in changed && !uriTyped.current) form.setFieldValue('uri', addressFromTitle(parentUri(values.parent_id), String(changed.title ?? ''), siteRows));
    if ('parent_id' in changed) {
      const slug = String(values.uri ?? '').split('/').pop() ?? '';
      form.setFieldValue('uri', slug ? freeUri(childUri(parentUri(values.parent_id as number | null), slug), siteRows) : childUri(parentUri(values.parent_id as number | null), ''));
    }
  };
  const dealerName = (id: number) => dealers.options.find((option) => option.value === id)?.label ?? `#${id}`;

  return (
    <div className="page">
      <PageHeader
        title={t('collections.title')}
        subtitle={t('collections.subtitle')}
        extra={
          <Space>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.refetch()} />
            {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>{t('collections.create', { type: t(`collections.types_one.${type}`) })}</Button>}
          </Space>
        }
      />
      <CentralLockNotice locked={central} />
      <Card variant="borderless" className="page-card">
        <Tabs
          activeKey={type}
          onChange={(key) => {
            setPage(1);
            navigate(`/sites.context/sites/${siteId}/collections/${key}`);
          }}
          items={(['specials', 'news', 'article', 'any'] as const).map((key) => ({ key, label: t(`collections.types.${key}`) }))}
        />
        <SearchInput allowClear placeholder={t('collections.search')} aria-label={t('collections.search')} onSearch={(value) => { setSearch(value.trim()); setPage(1); }} className="pages-search" />
        {list.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error)} extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<Row>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.data ?? []}
            scroll={{ x: 1100 }}
            onRow={(record) => ({ onClick: () => navigate(pageEditPath(siteId, record.id, record.attributes.page_state_id)), className: 'clickable-row' })}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.page.total ?? 0, onChange: setPage, showSizeChanger: false }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('common:nothing_found') : t('collections.empty')} /> }}
            columns={[
              { title: t('collections.fields.image'), width: 90, render: (_v, r) => (r.attributes.image ? <Image src={r.attributes.image.url} alt={r.attributes.image.alt ?? ''} width={64} height={40} preview={false} className="collection-thumb" fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /> : '—') },
              { title: t('collections.fields.title'), width: 260, render: (_v, r) => <div><div>{r.attributes.title}</div><div className="muted">{r.attributes.uri}</div></div> },
              { title: t('collections.fields.order'), width: 90, render: (_v, r) => r.attributes.order },
              { title: t('collections.fields.publication_date'), width: 130, render: (_v, r) => formatDate(r.attributes.publication_date) || '—' },
              { title: t('collections.fields.tags'), width: 180, render: (_v, r) => r.attributes.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) },
              { title: t('collections.fields.dealer_ids'), width: 180, render: (_v, r) => r.attributes.dealer_ids.map((id) => <Tag key={id}>{dealerName(id)}</Tag>) },
              {
                title: t('collections.fields.status'),
                width: 170,
                render: (_v, r) => (
                  <Space size={4} wrap>
                    <Tag color={r.attributes.page_state_status === 3 ? 'success' : r.attributes.page_state_status === 2 ? 'processing' : 'default'}>{t(`states.statuses.${r.attributes.page_state_status}`)}</Tag>
                    {r.attributes.published && r.attributes.page_state_status !== 3 && <Tag color="success">{t('pages.tags.published')}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <FormDrawer
        open={creating}
        title={t('collections.create', { type: t(`collections.types_one.${type}`) })}
        size={screens.sm === false ? '100%' : 640}
        onClose={() => setCreating(false)}
        destroyOnHidden
        footer={
          <Space>
            <Button type="primary" onClick={() => form.submit()} loading={create.isPending}>{t('common:actions.create')}</Button>
            <Button onClick={() => setCreating(false)}>{t('common:actions.cancel')}</Button>
          </Space>
        }
      >
        <GuardedForm form={form} layout="vertical" name="collection-create" onFinish={(values) => create.mutate(values)} onValuesChange={followTitle} initialValues={{ order: 0, tags: [], dealer_ids: [] }}>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="parent_id" label={t('pages.fields.parent_id')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('pages.top_level')} aria-label={t('pages.fields.parent_id')} loading={pages.isLoading} options={pageOptions((pages.data ?? []) as PageRecord[])} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="uri" label={t('pages.fields.uri')} required rules={rule(pageUri())} validateFirst extra={t('pages.uri_hint')}>
                <Input aria-label={t('pages.fields.uri')} placeholder="/news/opening" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <CollectionFields prefix={[]} clientId={site.data?.site.attributes.client_id ?? null} dealers={dealers} />
        </GuardedForm>
      </FormDrawer>
    </div>
  );
}
