import type { ReactNode } from 'react';
import { Button, Card, Col, Result, Row, Skeleton, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { hasAnyPermission, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { api, errorTitle } from './api.ts';
import { AuditHistory } from './AuditHistory.tsx';
import { PageHeader } from './PageHeader.tsx';
import { queryKeys } from './queryKeys.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { recordLabel } from './resourceText.ts';
import { recordPath } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

/** A tab beside the form: the record's related records or its activity. */
export interface DetailTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface ResourceDetailPageProps {
  resource: AnyResource;
  /** The route parameter holding the id (userId, roleId ...). */
  param: string;
  /** Controls at the top of the form that are not fields of the write (a user's activation). */
  before?: (record: Row) => ReactNode;
  /** Tabs after the record's history: its related records (a client's users, a role's users ...). */
  tabs?: (record: Row) => DetailTab[];
}

/**
 * A record's own page (/users/{userId}, /roles/{roleId} ...): the full name as the title, the form
 * in the main column, and beside it (below it on narrow screens) tabs with the record's history
 * and its related records.
 */
export function ResourceDetailPage({ resource, param, before, tabs }: ResourceDetailPageProps) {
  const { t } = useTranslation([resource.service, 'common', 'clients.storage']);
  const { user } = useSession();
  const id = useParams()[param] ?? '';
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'one', id],
    queryFn: () => api.get<Row>(recordPath(resource, id)),
    enabled: /^\d+$/.test(id),
  });
  const canUpdate = !resource.readOnly && hasAnyPermission(user?.permissions ?? {}, resource.service, resource.permissions.update);
  const listTitle = t(`${resource.service}:${resource.name}.title`);
  const back = (
    <Link to={resource.screen}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{listTitle}</Button>
    </Link>
  );
  if (query.isError || !/^\d+$/.test(id)) {
    return (
      <div className="page">
        <PageHeader title={listTitle} />
        <Result status="404" title={t('common:load_failed')} subTitle={query.error ? errorTitle(query.error) : undefined} extra={back} />
      </div>
    );
  }
  const record = query.data;
  const title = record ? t(`${resource.service}:${resource.name}.edit_title`, { name: recordLabel(record, resource) }) : t('common:loading');
  const items: DetailTab[] = record
    ? [{ key: 'history', label: t('clients.storage:audit.history_tab'), children: <AuditHistory resource={resource.name} recordId={record.id} /> }, ...(tabs?.(record) ?? [])]
    : [];
  return (
    <div className="page">
      <PageHeader title={title} documentTitle={record ? recordLabel(record, resource) : undefined} extra={back} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" className="page-card">
            {record ? (
              <ResourceForm
                key={`${record.id}:${String(record.attributes.updated_at)}`}
                resource={resource}
                record={record}
                wide
                readOnly={!canUpdate}
                before={before?.(record)}
                onSaved={() => void query.refetch()}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          {record && (
            <Card variant="borderless" className="page-card detail-tabs">
              <Tabs items={items} />
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}
