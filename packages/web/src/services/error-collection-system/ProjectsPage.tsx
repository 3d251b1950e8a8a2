import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Empty, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ApiOutlined, PercentageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERROR_PROJECT_KINDS, type ErrorProjectAttributes, type ErrorProjectKind } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { projectPath, useErrorList, type ProjectRecord } from './errors-api.ts';
import { SamplingDialog } from './SamplingDialog.tsx';
import './errors.css';

const KIND_COLORS: Record<ErrorProjectKind, string> = { admin: 'purple', server: 'volcano', site: 'blue' };
const PAGE_SIZE = 20;

export function KindTag({ kind }: { kind: ErrorProjectKind }) {
  const { t } = useTranslation('error-collection-system');
  return <Tag className="cell-tag" color={KIND_COLORS[kind]}>{t(`kinds.${kind}`)}</Tag>;
}

/** A project's name as the reader reads it: the admin's and the server's in the interface's language, a site's its own. */
export function useProjectName() {
  const { t } = useTranslation('error-collection-system');
  return (project: Pick<ErrorProjectAttributes, 'kind' | 'name'>) => (project.kind === 'site' ? project.name : t(`kinds.${project.kind}`));
}

/** The DSN an existing Sentry SDK reports with: the project's key at this admin's address. */
export const dsnOf = (project: ErrorProjectAttributes) => `${location.protocol}//${project.key}@${location.host}${project.dsn_path}`;

/**
 * /error-collection-system/projects (spec 000 §2): the admin, the server and one project per
 * public site (created when the site first reports), with their open issues and events; a row
 * opens the project's issues; the DSN lets an existing Sentry SDK report.
 */
export default function ProjectsPage() {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const lang = currentLang();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ErrorProjectKind | undefined>();
  const [page, setPage] = useState(1);
  const [dsn, setDsn] = useState<ProjectRecord | null>(null);
  const [sampling, setSampling] = useState<ProjectRecord | null>(null);
  const staff = !!useSession().user?.internal;
  const nameOf = useProjectName();
  const projects = useErrorList<ErrorProjectAttributes>('projects', { 'page[number]': page, 'page[size]': PAGE_SIZE, 'filter[search]': search || undefined, 'filter[kind]': kind });

  const columns: TableColumnsType<ProjectRecord> = [
    { key: 'name', title: t('fields.project'), width: 260, render: (_v, row) => <Link to={projectPath(row.id)}><Typography.Text strong>{nameOf(row.attributes)}</Typography.Text></Link> },
    { key: 'issues_open', title: t('fields.issues_open'), width: 150, align: 'right', render: (_v, row) => (row.attributes.issues_open ? <Tag color="red" className="cell-tag">{formatNumber(row.attributes.issues_open, lang)}</Tag> : '0') },
    { key: 'kind', title: t('fields.kind'), width: 140, render: (_v, row) => <KindTag kind={row.attributes.kind} /> },
    { key: 'client', title: t('fields.client'), width: 220, render: (_v, row) => row.attributes.client_name ?? '—' },
    { key: 'events_total', title: t('fields.events_total'), width: 130, align: 'right', render: (_v, row) => formatNumber(row.attributes.events_total, lang) },
    { key: 'last_seen', title: t('fields.last_seen'), width: 170, render: (_v, row) => (row.attributes.last_seen ? formatDateTime(row.attributes.last_seen) : '—') },
    {
      key: 'sample_percent',
      title: t('fields.sample_percent_short'),
      width: 120,
      align: 'right',
      render: (_v, row) => (row.attributes.kind === 'site' ? `${formatNumber(row.attributes.sample_percent, lang)} %` : '—'),
    },
    {
      key: 'dsn',
      title: t('fields.dsn'),
      width: staff ? 110 : 90,
      render: (_v, row) => (
        <Space size={4}>
          <IconButton size="small" icon={<ApiOutlined aria-hidden />} aria-label={`${t('fields.dsn')}: ${nameOf(row.attributes)}`} onClick={() => setDsn(row)} />
          {staff && row.attributes.kind === 'site' && (
            <IconButton size="small" icon={<PercentageOutlined aria-hidden />} aria-label={t('sampling.open', { name: nameOf(row.attributes) })} onClick={() => setSampling(row)} />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader title={t('projects.title')} subtitle={t('projects.subtitle')} extra={<RefreshButton query={projects} />} />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            value={text}
            placeholder={t('filters.project_search')}
            aria-label={t('filters.project_search')}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('fields.kind')}
            aria-label={t('fields.kind')}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
            options={ERROR_PROJECT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            style={{ minWidth: 160 }}
          />
        </Space>
        {projects.isError && !projects.data ? (
          <LoadFailed error={projects.error} onRetry={() => void projects.refetch()} />
        ) : (
          <DataTable<ProjectRecord>
            rowKey="id"
            size="middle"
            keyColumns={['name', 'issues_open']}
            loading={projects.isFetching}
            dataSource={projects.data?.data ?? []}
            columns={columns}
            scroll={{ x: 1240 }}
            onRow={(row) => ({ onDoubleClick: () => navigate(projectPath(row.id)) })}
            locale={{ emptyText: projects.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search || kind ? t('common:nothing_found') : t('empty.projects')} /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: projects.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
          />
        )}
      </Card>
      <SamplingDialog project={sampling} name={sampling ? nameOf(sampling.attributes) : ''} onClose={() => setSampling(null)} />
      <Modal open={!!dsn} title={dsn ? t('projects.dsn_title', { name: nameOf(dsn.attributes) }) : ''} onCancel={() => setDsn(null)} footer={<Button onClick={() => setDsn(null)}>{t('common:actions.close')}</Button>} destroyOnHidden>
        {dsn && (
          <>
            <Typography.Paragraph>{t('projects.dsn_hint')}</Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: dsnOf(dsn.attributes) }} code className="errors__dsn">
              {dsnOf(dsn.attributes)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('projects.rate_limit', { count: dsn.attributes.rate_limit })}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </div>
  );
}
