import { useParams } from 'react-router';
import { Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorProjectAttributes } from '@dp/contracts';
import { isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ContentLoader } from '../../kit/Loader.tsx';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { useErrorRecord } from './errors-api.ts';
import { IssuesTable } from './IssuesTable.tsx';
import { KindTag, useProjectName } from './ProjectsPage.tsx';
import './errors.css';

/** /error-collection-system/projects/{projectId}: one project's issues. */
export default function ProjectIssuesPage() {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const { projectId = '' } = useParams();
  const project = useErrorRecord<ErrorProjectAttributes>(`projects/${projectId}`);
  const nameOf = useProjectName();
  if (project.isLoading) return <ContentLoader />;
  if (project.isError || !project.data) {
    if (isApiError(project.error) && project.error.status === 404) return <Result status="404" title={t('not_found')} />;
    return <LoadFailed error={project.error} onRetry={() => void project.refetch()} />;
  }
  const a = project.data.attributes;
  return (
    <div className="page">
      <PageHeader
        title={nameOf(a)}
        documentTitle={nameOf(a)}
        subtitle={
          <Space wrap size={8}>
            <KindTag kind={a.kind} />
            {a.client_name && <Typography.Text type="secondary">{a.client_name}</Typography.Text>}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <IssuesTable project={projectId} />
      </Card>
    </div>
  );
}
