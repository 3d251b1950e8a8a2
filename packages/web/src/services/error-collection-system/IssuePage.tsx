import { useParams } from 'react-router';
import { Link } from 'react-router';
import { Card, Descriptions, Empty, List, Pagination, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorEventAttributes, ErrorIssueAttributes } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { isApiError } from '../../kit/api.ts';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { projectPath, useErrorList, useErrorRecord, type EventRecord } from './errors-api.ts';
import { IssueActions, StatusTag } from './IssuesTable.tsx';
import './errors.css';

const EVENTS_PAGE = 10;

/** An event's stack trace, top of the stack first; the app's own frames stand out, library ones are dimmed. */
export function StackTrace({ frames }: { frames: ErrorEventAttributes['frames'] }) {
  const { t } = useTranslation('error-collection-system');
  if (!frames.length) return <Typography.Text type="secondary">{t('event.no_stack')}</Typography.Text>;
  return (
    <ol className="errors__stack" aria-label={t('event.stack')}>
      {frames.map((frame, index) => (
        <li key={index} className={frame.in_app ? 'errors__frame errors__frame--app' : 'errors__frame'}>
          <span className="errors__fn">{frame.function ?? '?'}</span> <span className="errors__file">{frame.file}{frame.line !== null ? `:${frame.line}${frame.column !== null ? `:${frame.column}` : ''}` : ''}</span>
          {frame.mapped && <Tag className="errors__mapped">{t('event.mapped')}</Tag>}
        </li>
      ))}
    </ol>
  );
}

/** One event: when, where (URL), which release, user and browser, its stack trace. */
export function EventView({ event }: { event: EventRecord }) {
  const { t } = useTranslation('error-collection-system');
  const a = event.attributes;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'received_at', label: t('fields.received_at'), children: formatDateTime(a.received_at) },
          { key: 'url', label: t('fields.url'), children: a.url ? <Typography.Text className="errors__url">{a.url}</Typography.Text> : '—' },
          { key: 'release', label: t('fields.release'), children: a.release ?? '—' },
          { key: 'browser', label: t('fields.browser'), children: a.browser ?? '—' },
          { key: 'user', label: t('fields.user'), children: a.user ?? '—' },
        ]}
      />
      <StackTrace frames={a.frames} />
    </Space>
  );
}

/** /error-collection-system/issues/{id}: an issue's counts, browsers, state actions and its last events with their stack traces. */
export default function IssuePage() {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const lang = currentLang();
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const issue = useErrorRecord<ErrorIssueAttributes>(`issues/${id}`);
  const events = useErrorList<ErrorEventAttributes>('events', { 'filter[issue]': id, 'page[number]': page, 'page[size]': EVENTS_PAGE });
  if (issue.isLoading) return <ContentLoader />;
  if (issue.isError || !issue.data) {
    if (isApiError(issue.error) && issue.error.status === 404) return <Result status="404" title={t('not_found')} />;
    return <LoadFailed error={issue.error} onRetry={() => void issue.refetch()} />;
  }
  const a = issue.data.attributes;
  return (
    <div className="page">
      <PageHeader
        title={`${a.type}: ${a.message}`}
        documentTitle={a.type}
        subtitle={<Link to={projectPath(a.project_id)}>{a.project_name}</Link>}
        extra={
          <Space wrap>
            <RefreshButton query={{ refetch: () => Promise.all([issue.refetch(), events.refetch()]), isFetching: issue.isFetching || events.isFetching, isLoading: false }} />
            <IssueActions issue={issue.data} size="middle" />
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'status', label: t('fields.status'), children: <StatusTag status={a.status} /> },
            { key: 'count', label: t('fields.count'), children: formatNumber(a.count, lang) },
            { key: 'users', label: t('fields.users'), children: formatNumber(a.users, lang) },
            { key: 'first_seen', label: t('fields.first_seen'), children: formatDateTime(a.first_seen) },
            { key: 'last_seen', label: t('fields.last_seen'), children: formatDateTime(a.last_seen) },
            { key: 'last_release', label: t('fields.release'), children: a.last_release ?? '—' },
            { key: 'culprit', label: t('fields.culprit'), children: a.culprit ?? '—' },
            {
              key: 'browsers',
              label: t('fields.browsers'),
              children: a.browsers.length ? (
                <Space wrap size={4}>
                  {a.browsers.map((browser) => (
                    <Tag key={browser.name}>{`${browser.name} · ${formatNumber(browser.count, lang)}`}</Tag>
                  ))}
                </Space>
              ) : (
                '—'
              ),
            },
          ]}
        />
      </Card>
      <Card variant="borderless" className="page-card" title={t('event.last_events')}>
        {events.isError && !events.data ? (
          <LoadFailed error={events.error} onRetry={() => void events.refetch()} />
        ) : (
          <>
            <List
              loading={events.isFetching}
              dataSource={events.data?.data ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.events_dropped')} /> }}
              renderItem={(event) => (
                <List.Item key={event.id}>
                  <EventView event={event} />
                </List.Item>
              )}
            />
            {(events.data?.meta.page.total ?? 0) > EVENTS_PAGE && (
              <Pagination current={page} pageSize={EVENTS_PAGE} total={events.data?.meta.page.total ?? 0} showSizeChanger={false} onChange={setPage} size="small" />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
