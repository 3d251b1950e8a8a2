import { useState } from 'react';
import { useParams } from 'react-router';
import { Card, Col, DatePicker, Empty, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { SUMMARY_DEFAULT_DAYS, type RequestSummary } from '@dp/contracts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { useRequestSummary } from './request-api.ts';

type Range = [Dayjs, Dayjs];
const lastDays = (): Range => [dayjs().subtract(SUMMARY_DEFAULT_DAYS - 1, 'day').startOf('day'), dayjs().startOf('day')];

/**
 * /request.storage/summary/{siteId} (spec 002 §7 request_summary): a site's requests of a date
 * range counted by type (a table) and by day (bars), the last 30 days at first.
 */
export function RequestSummaryPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['request.storage', 'common']);
  const site = useSite(siteId);
  const [range, setRange] = useState<Range>(lastDays);
  const summary = useRequestSummary(siteId, { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
  const title = t('summary.title');
  return (
    <div className="page request-summary-page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={
          <DatePicker.RangePicker
            format="DD.MM.YYYY"
            value={range}
            allowClear={false}
            aria-label={t('date_range')}
            placeholder={[t('date_from'), t('date_to')]}
            disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
            onChange={(next) => setRange(next?.[0] && next[1] ? [next[0], next[1]] : lastDays())}
          />
        }
      />
      <Card variant="borderless" className="page-card">
        {summary.isPending ? (
          <ContentLoader />
        ) : summary.isError ? (
          <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} />
        ) : summary.data.total === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.empty')} />
        ) : (
          <SummaryView summary={summary.data} />
        )}
      </Card>
    </div>
  );
}

function SummaryView({ summary }: { summary: RequestSummary }) {
  const { t } = useTranslation(['request.storage', 'common']);
  const rows = summary.by_type.map((row) => ({ ...row, name: t(`request_types.${row.type}`, { defaultValue: row.key }), share: summary.total ? Math.round((row.count / summary.total) * 100) : 0 }));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.total')} value={summary.total} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.days')} value={summary.by_day.length} />
        </Col>
      </Row>
      <DataTable
        tableId="request-summary-types"
        rowKey="type"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('summary.type'), sorter: (a, b) => a.name.localeCompare(b.name) },
          { key: 'count', dataIndex: 'count', title: t('summary.count'), align: 'right', width: 140, sorter: (a, b) => a.count - b.count, defaultSortOrder: 'descend' },
          { key: 'share', dataIndex: 'share', title: t('summary.share'), align: 'right', width: 120, render: (value: number) => `${value}%` },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('summary.by_day')}</Typography.Title>
        <DayBars summary={summary} />
      </div>
    </Space>
  );
}

/** One bar per day with requests (height by count), the day and its count under a hover. */
function DayBars({ summary }: { summary: RequestSummary }) {
  const { t } = useTranslation('request.storage');
  const max = Math.max(...summary.by_day.map((day) => day.count), 1);
  return (
    <div className="summary-bars" role="list" aria-label={t('summary.by_day')} style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: 180, overflowX: 'auto', paddingBottom: 4 }}>
      {summary.by_day.map((day) => (
        <Tooltip key={day.day} title={t('summary.day_tip', { day: dayjs(day.day).format('DD.MM.YYYY'), count: day.count })}>
          <div role="listitem" aria-label={t('summary.day_tip', { day: dayjs(day.day).format('DD.MM.YYYY'), count: day.count })} style={{ flex: '0 0 auto', width: 28, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', height: '100%' }}>
            <Typography.Text style={{ fontSize: 11 }}>{day.count}</Typography.Text>
            <div style={{ width: 20, height: `${Math.max(4, (day.count / max) * 130)}px`, background: 'var(--ant-color-primary, #1677ff)', borderRadius: 3 }} />
            <Typography.Text type="secondary" style={{ fontSize: 10, whiteSpace: 'nowrap' }}>{dayjs(day.day).format('DD.MM')}</Typography.Text>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}
