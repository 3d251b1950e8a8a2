import type { ReactNode } from 'react';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
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
import { recordLabel } from './ResourceTable.tsx';
import { recordPath } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

/**
 * A record's own page (/users/{userId}, /roles/{roleId} ...): its form, actions the screen adds,
 * and its history from the audit trail.
 */
export function ResourceDetailPage({ resource, param, extra }: { resource: AnyResource; param: string; extra?: (record: Row) => ReactNode }) {
  const { t } = useTranslation([resource.service, 'common']);
  const { user } = useSession();
  const id = useParams()[param] ?? '';
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).all, 'one', id],
    queryFn: () => api.get<Row>(recordPath(resource, id)),
    enabled: /^\d+$/.test(id),
  });
  const canUpdate = !resource.readOnly && hasAnyPermission(user?.permissions ?? {}, resource.service, resource.permissions.update);
  const back = (
    <Link to={resource.screen}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{t(`${resource.service}:${resource.name}.title`)}</Button>
    </Link>
  );
  if (query.isError || !/^\d+$/.test(id)) {
    return (
      <div className="page">
        <Result status="404" title={t('common:load_failed')} subTitle={query.error ? errorTitle(query.error) : undefined} extra={back} />
      </div>
    );
  }
  const record = query.data;
  return (
    <div className="page">
      <PageHeader title={record ? t(`${resource.service}:${resource.name}.edit_title`, { name: recordLabel(record) }) : t('common:loading')} extra={back} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card variant="borderless" className="page-card">
            {record ? (
              <fieldset disabled={!canUpdate} style={{ border: 0, padding: 0, margin: 0 }}>
                <ResourceForm key={`${record.id}:${String(record.attributes.updated_at)}`} resource={resource} record={record} onSaved={() => void query.refetch()} />
              </fieldset>
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            )}
          </Card>
        </Col>
        {record && extra && <Col xs={24} xl={12}>{extra(record)}</Col>}
        <Col span={24}>{record && <AuditHistory resource={resource.name} recordId={record.id} />}</Col>
      </Row>
    </div>
  );
}
