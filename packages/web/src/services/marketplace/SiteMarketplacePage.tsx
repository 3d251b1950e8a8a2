import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Grid, Popconfirm, Result, Select, Space, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { AppstoreAddOutlined, LinkOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasAnyPermission, hasPermission, MODULE_CATEGORIES } from '@dp/contracts';
import { useCurrentSite } from '../../app/data.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { MassModulesDialog } from './MassModulesDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { afterModulesChanged, descriptionOf, moduleState, siteModulePath, titleOf, useSiteModules, type ModuleState, type SiteModule } from './site-modules.ts';
import './marketplace.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

type Tab = 'available' | 'installed' | 'paused';
type Pending = { kind: 'uninstall' | 'suspend'; module: SiteModule } | null;

/** The tab a module is listed in: a paused module is installed but still counts as available. */
export function inTab(module: SiteModule, tab: Tab): boolean {
  const state = moduleState(module);
  if (tab === 'available') return state !== 'installed';
  return state === tab;
}

/** Search over name, code and description in the reader's language; category as chosen. */
export function matches(module: SiteModule, search: string, category: string | null, lang: 'ru' | 'en'): boolean {
  if (category && module.site_category !== category) return false;
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [titleOf(module, lang), module.code, descriptionOf(module, lang) ?? ''].some((text) => text.toLowerCase().includes(term));
}

/**
 * The modules of the current site (/marketplace/marketplace/{siteId}, spec 000 §2): available,
 * installed and deactivated ones; install, uninstall with a reason; suspend and resume and mass
 * changes for platform staff.
 */
export default function SiteMarketplacePage() {
  const { t } = useTranslation(['marketplace', 'common']);
  const { siteId = '' } = useParams();
  const { user, lang } = useSession();
  const site = useCurrentSite();
  const queryClient = useQueryClient();
  const modules = useSiteModules(siteId);
  const [tab, setTab] = useState<Tab>('available');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [massOpen, setMassOpen] = useState(false);
  // Narrow screens: one column, the state and actions inside the module's cell.
  const narrow = !Grid.useBreakpoint().md;

  const permissions = user?.permissions ?? {};
  const canInstall = hasAnyPermission(permissions, 'marketplace', ['modules.install', 'modules.patch']);
  // Suspension is on billing grounds: platform staff only (the server refuses anyone else).
  const isStaff = !!user?.internal && hasPermission(permissions, 'marketplace', 'modules.patch');

  const change = useMutation({
    mutationFn: ({ module, action, reason }: { module: SiteModule; action: 'install' | 'uninstall' | 'suspend' | 'resume'; reason?: string }) =>
      api.post(siteModulePath(siteId, module.code, action), reason === undefined ? undefined : { reason }),
    onSuccess: async (_data, { module, action }) => {
      notify.success(t(`notices.${action}`, { module: titleOf(module, lang) }));
      setPending(null);
      await afterModulesChanged(queryClient, [siteId]);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const all = modules.data ?? [];
  const counts = useMemo(() => ({ available: all.filter((m) => inTab(m, 'available')).length, installed: all.filter((m) => inTab(m, 'installed')).length, paused: all.filter((m) => inTab(m, 'paused')).length }), [all]);
  const rows = all.filter((module) => inTab(module, tab) && matches(module, search, category, lang));
  // Opening on an empty list helps nobody: with nothing left to install, show what is installed.
  const [tabChosen, setTabChosen] = useState(false);
  useEffect(() => {
    if (!tabChosen && modules.data) {
      setTabChosen(true);
      if (counts.available === 0 && counts.installed > 0) setTab('installed');
    }
  }, [modules.data, tabChosen, counts]);
  const categories = [...new Set([...MODULE_CATEGORIES, ...all.map((m) => m.site_category).filter((c): c is string => !!c)])];
  const categoryName = (code: string) => t(`categories.${code}`, { defaultValue: code });

  const stateTag = (state: ModuleState) =>
    state === 'installed' ? <Tag color="green">{t('states.installed')}</Tag> : state === 'paused' ? <Tag color="orange">{t('states.paused')}</Tag> : <Tag>{t('states.available')}</Tag>;

  const actions = (module: SiteModule) => {
    const state = moduleState(module);
    const name = titleOf(module, lang);
    const busy = change.isPending && change.variables?.module.code === module.code;
    const buttons = [];
    if (state === 'available' && canInstall) {
      buttons.push(
        <Button key="install" type="primary" size="small" icon={<PlusOutlined aria-hidden />} loading={busy} disabled={!module.active} onClick={() => change.mutate({ module, action: 'install' })} aria-label={t('actions.install_named', { module: name })}>
          {t('actions.install')}
        </Button>,
      );
    }
    if (state === 'installed' && isStaff) {
      buttons.push(
        <Button key="suspend" size="small" icon={<PauseCircleOutlined aria-hidden />} onClick={() => setPending({ kind: 'suspend', module })} aria-label={t('actions.suspend_named', { module: name })}>
          {t('actions.suspend')}
        </Button>,
      );
    }
    if (state === 'paused' && isStaff) {
      buttons.push(
        <Popconfirm key="resume" title={t('resume_confirm', { module: name })} okText={t('actions.resume')} cancelText={t('common:actions.cancel')} onConfirm={() => change.mutateAsync({ module, action: 'resume' }).catch(() => undefined)}>
          <Button size="small" icon={<PlayCircleOutlined aria-hidden />} loading={busy} aria-label={t('actions.resume_named', { module: name })}>
            {t('actions.resume')}
          </Button>
        </Popconfirm>,
      );
    }
    // A paused module stays until the platform removes it (a dealer may not lift a suspension).
    if ((state === 'installed' && canInstall) || (state === 'paused' && isStaff)) {
      buttons.push(
        <Button key="uninstall" danger size="small" icon={<StopOutlined aria-hidden />} onClick={() => setPending({ kind: 'uninstall', module })} aria-label={t('actions.uninstall_named', { module: name })}>
          {t('actions.uninstall')}
        </Button>,
      );
    }
    return buttons.length ? <Space wrap size={[8, 8]}>{buttons}</Space> : null;
  };

  const columns: TableColumnsType<SiteModule> = [
    {
      key: 'module',
      title: t('columns.module'),
      render: (_value, module) => (
        <div className="marketplace-module">
          <Space size={[8, 4]} wrap>
            <Typography.Text strong>{titleOf(module, lang)}</Typography.Text>
            <Tag variant="filled">{module.code}</Tag>
            {module.site_category && <Tag color="blue" variant="filled">{categoryName(module.site_category)}</Tag>}
            {module.billing_integration && <Tag color="purple" variant="filled">{t('billing')}</Tag>}
            {!module.active && <Tag color="default">{t('states.retired')}</Tag>}
          </Space>
          {descriptionOf(module, lang) && <Typography.Paragraph type="secondary" className="marketplace-module__text">{descriptionOf(module, lang)}</Typography.Paragraph>}
          {module.installation && !module.installation.active && (
            <Typography.Text type="warning" className="marketplace-module__paused">
              {t('paused_reason', { reason: module.installation.suspended_reason ?? '—', date: module.installation.suspended_at ? formatDateTime(module.installation.suspended_at) : '—' })}
              {!isStaff && ` ${t('contact_manager')}`}
            </Typography.Text>
          )}
          {module.promo_link && (
            <a href={module.promo_link} target="_blank" rel="noopener noreferrer" className="marketplace-module__link">
              <LinkOutlined aria-hidden /> {t('promo')}
            </a>
          )}
          {narrow && (
            <div className="marketplace-module__narrow">
              {stateTag(moduleState(module))}
              {actions(module)}
            </div>
          )}
        </div>
      ),
    },
    { key: 'state', title: t('columns.state'), width: 150, responsive: ['md'], render: (_value, module) => stateTag(moduleState(module)) },
    {
      key: 'installed_at',
      title: t('columns.installed_at'),
      width: 170,
      responsive: ['md'],
      render: (_value, module) => (module.installation ? <span className="nowrap">{formatDateTime(module.installation.created_at)}</span> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { key: 'actions', title: t('common:actions.title'), width: 300, responsive: ['md'], render: (_value, module) => actions(module) },
  ];

  const emptyText = search || category ? t('common:nothing_found') : t(`empty.${tab}`);
  const pendingName = pending ? titleOf(pending.module, lang) : '';

  return (
    <div className="page">
      <PageHeader
        title={t('site.title')}
        subtitle={site.data?.name}
        extra={
          <Space wrap>
            <Tooltip title={t('common:actions.refresh')}>
              <Button icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} loading={modules.isFetching && !modules.isLoading} onClick={() => void modules.refetch()} />
            </Tooltip>
            {isStaff && (
              <Button icon={<AppstoreAddOutlined aria-hidden />} onClick={() => setMassOpen(true)}>
                {t('mass.open')}
              </Button>
            )}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {modules.isError && !modules.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(modules.error, lang)}
            extra={
              <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void modules.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <>
            {counts.paused > 0 && <Alert type="warning" showIcon className="marketplace-alert" title={t('paused_alert', { count: counts.paused })} description={isStaff ? undefined : t('contact_manager')} />}
            <Tabs
              activeKey={tab}
              onChange={(key) => {
                setTabChosen(true);
                setTab(key as Tab);
              }}
              items={(['available', 'installed', 'paused'] as const).map((key) => ({ key, label: `${t(`tabs.${key}`)} (${counts[key]})` }))}
            />
            <Space wrap size={[12, 12]} className="resource-filters">
              <SearchInput allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('search')} aria-label={t('search')} style={{ width: 280 }} />
              <Select
                allowClear
                value={category}
                onChange={(value) => setCategory(value ?? null)}
                placeholder={t('category')}
                aria-label={t('category')}
                style={{ minWidth: 200 }}
                options={categories.map((value) => ({ value, label: categoryName(value) }))}
              />
            </Space>
            <DataTable<SiteModule>
              rowKey="code"
              columns={columns}
              dataSource={rows}
              loading={modules.isFetching}
              pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              scroll={narrow ? undefined : { x: 760 }}
              locale={{ emptyText: modules.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
            />
          </>
        )}
      </Card>
      <ReasonDialog
        open={pending?.kind === 'uninstall'}
        title={t('uninstall.title', { module: pendingName })}
        text={t('uninstall.text', { module: pendingName })}
        okText={t('actions.uninstall')}
        loading={change.isPending}
        onCancel={() => setPending(null)}
        onSubmit={(reason) => change.mutateAsync({ module: pending!.module, action: 'uninstall', reason })}
      />
      <ReasonDialog
        open={pending?.kind === 'suspend'}
        title={t('suspend.title', { module: pendingName })}
        text={t('suspend.text', { module: pendingName })}
        okText={t('actions.suspend')}
        loading={change.isPending}
        onCancel={() => setPending(null)}
        onSubmit={(reason) => change.mutateAsync({ module: pending!.module, action: 'suspend', reason })}
      />
      {isStaff && <MassModulesDialog open={massOpen} onClose={() => setMassOpen(false)} defaultSiteId={siteId} />}
    </div>
  );
}
