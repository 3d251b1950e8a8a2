import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, DatePicker, Empty, Form, Input, Select, Space, Statistic, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  REVIEW_OUTCOMES,
  REVIEWER_LINKS_MAX,
  reviewerRatingResource,
  reviewerSettingsResource,
  type AnyResource,
  type JsonApiRecord,
  type ReviewerRatingSummary,
  type ReviewOutcome,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { api, ApiError, errorTitle, gatewayPath } from '../../kit/api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { SiteSettingsCard } from '../../kit/SiteSettingsCard.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { columnSortOrder, PAGE_SIZES, sortOfTable } from '../../kit/useResourceList.ts';
import { useSiteList } from '../../kit/useSiteList.ts';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';
import { useCan, useLang } from '../../kit/useLang.ts';
import { useSite } from '../sites.context/site-api.ts';

/**
 * The reviewer's screens (spec 002 §2 /reviewer/settings/{siteId}; docs/decisions/reviewer.md):
 * the site's settings (the invitation after a handled request, the threshold, the public review
 * links) and the customers' ratings with their average. Site menu, group "Widgets", module reviewer.
 */
const NS = ['reviewer', 'common'];
const path = (rest: string) => gatewayPath('reviewer', rest);
const ratingResource = reviewerRatingResource as unknown as AnyResource;
type Link = { title: string; url: string };
type Settings = { review_links: Link[] };
type Rating = JsonApiRecord<{ created_at: string; request_id: number | null; customer_name: string | null; customer_email: string | null; rating: number; comment: string | null; outcome: ReviewOutcome }>;

function Header({ name, extra }: { name: string; extra?: React.ReactNode }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const title = t(`${name}.title`);
  return <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} extra={extra} />;
}

/** /reviewer/settings/{siteId}: the invitation's settings, then the public review links. */
export function ReviewerSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const can = useCan('reviewer');
  const canChange = can('settings.patch');
  const settings = useSiteSettings<Settings>(reviewerSettingsResource as unknown as AnyResource, siteId);
  return (
    <div className="page reviewer-page">
      <Header name="settings" />
      <SiteSettingsCard resource={reviewerSettingsResource as unknown as AnyResource} settings={settings} intro={t('settings.intro')} canChange={canChange} />
      {settings.data && (
        <Card variant="borderless" className="page-card reviewer-links" title={t('links.title')}>
          <ReviewLinks key={`${settings.data.id}-${settings.dataUpdatedAt}`} id={settings.data.id} links={settings.data.attributes.review_links ?? []} readOnly={!canChange} onSaved={() => void settings.refetch()} />
        </Card>
      )}
    </div>
  );
}

/** The public review services' pages a customer who rated high is invited to: a title and an http(s) address each. */
function ReviewLinks({ id, links, readOnly, onSaved }: { id: string; links: Link[]; readOnly: boolean; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [form] = Form.useForm<{ review_links: Link[] }>();
  const [saving, setSaving] = useState(false);
  const save = async (values: { review_links?: Link[] }) => {
    setSaving(true);
    try {
      await api.patch(path(`settings/${id}`), { attributes: { review_links: (values.review_links ?? []).map((link) => ({ title: (link.title ?? '').trim(), url: (link.url ?? '').trim() })) } });
      notify.success(t('links.saved'));
      onSaved();
    } catch (error) {
      // Each refusal on its field (review_links/{n}/title|url), the rest as a notice.
      const errors = error instanceof ApiError ? (error.errors ?? []) : [];
      const placed = errors.flatMap((one) => {
        const match = /^\/data\/attributes\/review_links\/(\d+)\/(title|url)/.exec(one.source?.pointer ?? '');
        return match ? [{ name: ['review_links', Number(match[1]), match[2] as 'title' | 'url'] as ['review_links', number, 'title' | 'url'], errors: [one.title ?? ''] }] : [];
      });
      if (placed.length) form.setFields(placed);
      else notify.error(errorTitle(error, lang));
      throw error;
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('links.intro')}</Typography.Paragraph>
      <GuardedForm form={form} layout="vertical" initialValues={{ review_links: links }} onFinish={(values) => save(values as { review_links?: Link[] })} disabled={readOnly}>
        <Form.List name="review_links">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <Typography.Paragraph type="secondary" className="reviewer-links-empty">{t('links.empty')}</Typography.Paragraph>}
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap className="reviewer-link-row">
                  <Form.Item name={[field.name, 'title']} label={index === 0 ? t('links.link_title') : undefined} rules={[{ required: true, whitespace: true, message: t('links.title_required') }]}>
                    <Input aria-label={t('links.link_title')} placeholder={t('links.title_placeholder')} maxLength={100} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'url']} label={index === 0 ? t('links.url') : undefined} rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: t('links.url_format') }]}>
                    <Input aria-label={t('links.url')} placeholder="https://yandex.ru/maps/org/…" maxLength={2048} style={{ width: 'min(420px, 80vw)' }} />
                  </Form.Item>
                  {!readOnly && <IconButton aria-label={t('links.remove')} icon={<DeleteOutlined aria-hidden />} onClick={() => remove(field.name)} style={index === 0 ? { marginTop: 30 } : undefined} />}
                </Space>
              ))}
              {!readOnly && (
                <Space wrap>
                  <Button icon={<PlusOutlined aria-hidden />} disabled={fields.length >= REVIEWER_LINKS_MAX} onClick={() => add({ title: '', url: '' })}>
                    {t('links.add')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={saving}>
                    {t('links.save')}
                  </Button>
                </Space>
              )}
            </>
          )}
        </Form.List>
      </GuardedForm>
    </>
  );
}

/** /reviewer/ratings/{siteId}: the site's average rating and count, then its ratings by date, rating and where they went (page, sort and filters in the URL). */
export function ReviewerRatingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const list = useSiteList<Rating['attributes']>(ratingResource, siteId);
  const summary = useQuery({
    queryKey: [...queryKeys.resource(ratingResource).all, 'summary', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<ReviewerRatingSummary>(path(`ratings/summary/where_site/${siteId}`), undefined, signal),
  });
  const sort = list.sort ?? ratingResource.defaultSort;
  const columns = useMemo(
    () => [
      { key: 'created_at', title: t('ratings.fields.created_at'), width: 160, sorter: true, sortOrder: columnSortOrder(sort, 'created_at'), render: (_: unknown, row: Rating) => formatDateTime(row.attributes.created_at) },
      { key: 'request_id', title: t('ratings.fields.request_id'), width: 110, render: (_: unknown, row: Rating) => (row.attributes.request_id ? `№ ${row.attributes.request_id}` : '—') },
      {
        key: 'customer_name',
        title: t('ratings.fields.customer_name'),
        width: 220,
        render: (_: unknown, row: Rating) => (
          <>
            <div>{row.attributes.customer_name ?? '—'}</div>
            {row.attributes.customer_email && <Typography.Text type="secondary">{row.attributes.customer_email}</Typography.Text>}
          </>
        ),
      },
      { key: 'rating', title: t('ratings.fields.rating'), width: 120, sorter: true, sortOrder: columnSortOrder(sort, 'rating'), render: (_: unknown, row: Rating) => <span aria-label={t(`ratings.stars.${row.attributes.rating}`)}>{'★'.repeat(row.attributes.rating)}<Typography.Text type="secondary">{'★'.repeat(5 - row.attributes.rating)}</Typography.Text></span> },
      { key: 'comment', title: t('ratings.fields.comment'), width: 300, render: (_: unknown, row: Rating) => row.attributes.comment ?? '—' },
      { key: 'outcome', title: t('ratings.fields.outcome'), width: 190, render: (_: unknown, row: Rating) => <Tag color={row.attributes.outcome === 'public' ? 'green' : 'red'}>{t(`ratings.outcomes.${row.attributes.outcome}`)}</Tag> },
    ],
    [t, sort],
  );
  const stats = summary.data as ReviewerRatingSummary | undefined;
  const day = (value: string | undefined) => (value ? dayjs(value) : null);
  return (
    <div className="page reviewer-page">
      <Header name="ratings" extra={<RefreshButton query={list.query} />} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('ratings.intro')}</Typography.Paragraph>
        <Space size={[48, 12]} wrap className="reviewer-summary" style={{ display: 'flex', marginBottom: 16 }}>
          <Statistic title={t('ratings.average')} value={stats?.average ?? '—'} precision={stats?.average ? 2 : undefined} loading={summary.isPending} suffix={stats?.average ? '/ 5' : undefined} />
          <Statistic title={t('ratings.count')} value={stats?.count ?? 0} loading={summary.isPending} />
        </Space>
        <Space wrap size={[12, 12]} className="resource-filters">
          <DatePicker.RangePicker
            format="DD.MM.YYYY"
            value={[day(list.filters.from), day(list.filters.to)]}
            aria-label={t('ratings.range')}
            placeholder={[t('ratings.from'), t('ratings.to')]}
            onChange={(next) => list.change({ filters: { from: next?.[0]?.format('YYYY-MM-DD') ?? null, to: next?.[1]?.format('YYYY-MM-DD') ?? null } })}
          />
          <Select
            allowClear
            style={{ minWidth: 170 }}
            aria-label={t('ratings.fields.rating')}
            placeholder={t('ratings.all_ratings')}
            value={list.filters.rating ? Number(list.filters.rating) : undefined}
            options={[5, 4, 3, 2, 1].map((value) => ({ value, label: t(`ratings.stars.${value}`) }))}
            onChange={(value?: number) => list.change({ filters: { rating: value ? String(value) : null } })}
          />
          <Select
            allowClear
            style={{ minWidth: 210 }}
            aria-label={t('ratings.fields.outcome')}
            placeholder={t('ratings.all_outcomes')}
            value={list.filters.outcome as ReviewOutcome | undefined}
            options={REVIEW_OUTCOMES.map((value) => ({ value, label: t(`ratings.outcomes.${value}`) }))}
            onChange={(value?: ReviewOutcome) => list.change({ filters: { outcome: value ?? null } })}
          />
        </Space>
        {list.query.isError && !list.query.data ? (
          <LoadFailed error={list.query.error} onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<Rating>
            rowKey="id"
            size="middle"
            keyColumns={['created_at', 'rating']}
            loading={list.query.isFetching}
            dataSource={list.records as Rating[]}
            columns={columns}
            onChange={(_pagination, _filters, sorter) => {
              const next = sortOfTable(sorter);
              if (next !== (list.sort ?? null)) list.change({ sort: next });
            }}
            locale={{
              emptyText: list.query.isPending ? (
                <span />
              ) : list.hasFilters ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ratings.empty_filtered')}>
                  <Button onClick={list.resetFilters}>{t('common:actions.reset_filters')}</Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ratings.empty')} />
              ),
            }}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZES],
              showTotal: (total) => t('ratings.total', { count: total }),
              onChange: (page, size) => list.change(size !== list.size ? { size } : { page }),
            }}
          />
        )}
      </Card>
    </div>
  );
}
