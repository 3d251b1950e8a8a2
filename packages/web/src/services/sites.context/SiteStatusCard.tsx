import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, List, Modal, Popconfirm, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleTwoTone, CloudUploadOutlined, DeleteOutlined, DisconnectOutlined, ReloadOutlined, SyncOutlined, WarningTwoTone } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayHost, SITE_CORES, type DnsCheckResult } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { leaveSite, useSession } from '../../app/session.ts';
import { SITE_SELECT_PATH } from '../../app/guards.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { sitePath, useInvalidateSites, type SiteRecord } from './site-api.ts';
import { SiteStatusTag } from './site-tags.tsx';
import { TypedConfirm } from './TypedConfirm.tsx';

/** What the server takes as the confirmation of unpublishing or deleting a site: host, else technical host, else name, as stored (a host in punycode); shown in Unicode (displayHost). */
export const confirmationOf = (site: SiteRecord) => site.attributes.host ?? site.attributes.technical_host ?? site.attributes.name;

/**
 * Status and publication of a site (spec 000 §4): publish a draft, unpublish or render a published
 * site, switch the version (not official sites) and the rendering core (a task), normalise the
 * hosts, check DNS, delete an unpublished site. Destructive actions ask for the host typed.
 */
export function SiteStatusCard({ site, editable, canDelete }: { site: SiteRecord; editable: boolean; canDelete: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const navigate = useNavigate();
  const invalidate = useInvalidateSites();
  const [dialog, setDialog] = useState<'unpublish' | 'delete' | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [dns, setDns] = useState<DnsCheckResult | null>(null);
  const a = site.attributes;
  const official = a.type === 1 || a.type === 2;

  const act = useMutation({
    mutationFn: ({ method, path, data }: { method: 'POST' | 'PATCH'; path: string; data?: unknown; notice: string }) =>
      method === 'POST' ? api.post<SiteRecord>(sitePath(`sites/${site.id}/${path}`), data) : api.patch<SiteRecord>(sitePath(`sites/${site.id}/${path}`), data),
    onSuccess: async (_record, variables) => {
      notify.success(variables.notice);
      setDialog(null);
      setDialogError(null);
      await invalidate();
    },
    onError: (error) => {
      if (dialog) setDialogError(errorTitle(error, lang));
      else notify.error(t('status.failed'), errorTitle(error, lang));
    },
  });
  const remove = useMutation({
    mutationFn: (typed: string) => api.request('DELETE', sitePath(`sites/${site.id}`), { query: { confirm: typed } }),
    onSuccess: async () => {
      notify.success(t('status.deleted', { name: a.name }));
      leaveSite();
      await invalidate();
      navigate(SITE_SELECT_PATH);
    },
    onError: (error) => setDialogError(errorTitle(error, lang)),
  });
  const check = useMutation({
    mutationFn: () => api.get<DnsCheckResult>(sitePath(`sites/${site.id}/dns_check`)),
    onSuccess: setDns,
    onError: (error) => notify.error(t('dns.failed'), errorTitle(error, lang)),
  });

  const switchCore = (core: string) =>
    Modal.confirm({
      title: t('status.core_confirm_title', { core }),
      content: t('status.core_confirm_text'),
      okText: t('status.switch'),
      cancelText: t('common:actions.cancel'),
      onOk: () => act.mutateAsync({ method: 'PATCH', path: 'core', data: { core }, notice: t('status.core_switched', { core }) }),
    });

  return (
    <Card variant="borderless" className="page-card" title={t('settings.sections.status')}>
      <Descriptions column={1} size="small" className="site-status">
        <Descriptions.Item label={t('sites.fields.status')}>
          <SiteStatusTag status={a.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('sites.fields.version')}>
          <Tooltip title={official ? t('status.official_version') : undefined}>
            <Segmented
              size="small"
              value={a.version}
              disabled={!editable || official || act.isPending}
              aria-label={t('sites.fields.version')}
              options={[1, 2].map((value) => ({ value, label: t(`sites.versions.${value}`) }))}
              onChange={(version) => act.mutate({ method: 'PATCH', path: 'version', data: { version }, notice: t('status.version_switched') })}
            />
          </Tooltip>
        </Descriptions.Item>
        <Descriptions.Item label={t('sites.fields.core')}>
          <Select size="small" value={a.core} disabled={!editable || act.isPending} aria-label={t('sites.fields.core')} options={SITE_CORES.map((value) => ({ value, label: value }))} onChange={switchCore} style={{ minWidth: 110 }} />
        </Descriptions.Item>
        <Descriptions.Item label={t('sites.fields.rendered_at')}>{a.rendered_at ? formatDateTime(a.rendered_at) : '—'}</Descriptions.Item>
      </Descriptions>
      {a.status === 3 && <Alert type="info" showIcon title={t('status.pending_hint')} className="site-status__alert" />}
      {/* What is left before visitors see the site: until then its addresses answer 'Site not found'. */}
      {a.status === 2 && <Alert type="warning" showIcon title={t('status.draft_hint')} description={editable ? t('status.draft_next') : t('status.draft_ask')} className="site-status__alert" data-testid="site-draft-hint" />}
      {editable && (
        <Space wrap className="site-status__actions">
          {a.status === 2 && (
            <Popconfirm title={t('status.publish_confirm')} okText={t('status.publish')} cancelText={t('common:actions.cancel')} onConfirm={() => act.mutateAsync({ method: 'POST', path: 'publish', notice: t('status.published') })}>
              <Button type="primary" icon={<CloudUploadOutlined aria-hidden />} loading={act.isPending}>
                {t('status.publish')}
              </Button>
            </Popconfirm>
          )}
          {a.status === 1 && (
            <>
              <Popconfirm title={t('status.render_confirm')} okText={t('status.render')} cancelText={t('common:actions.cancel')} onConfirm={() => act.mutateAsync({ method: 'POST', path: 'render', notice: t('status.rendered') })}>
                <Button icon={<ReloadOutlined aria-hidden />}>{t('status.render')}</Button>
              </Popconfirm>
              <Button danger icon={<DisconnectOutlined aria-hidden />} onClick={() => setDialog('unpublish')}>
                {t('status.unpublish')}
              </Button>
            </>
          )}
          <Popconfirm title={t('status.normalize_confirm')} okText={t('status.normalize')} cancelText={t('common:actions.cancel')} onConfirm={() => act.mutateAsync({ method: 'POST', path: 'normalize', notice: t('status.normalized') })}>
            <Button icon={<SyncOutlined aria-hidden />}>{t('status.normalize')}</Button>
          </Popconfirm>
          {canDelete && (
            <Tooltip title={a.status !== 2 ? t('status.delete_published') : undefined}>
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={a.status !== 2} onClick={() => setDialog('delete')}>
                {t('common:actions.delete')}
              </Button>
            </Tooltip>
          )}
        </Space>
      )}
      <div className="site-dns">
        <Space wrap>
          <Typography.Text strong>{t('dns.title')}</Typography.Text>
          <Button size="small" onClick={() => check.mutate()} loading={check.isPending}>
            {t('dns.check')}
          </Button>
        </Space>
        {dns && (
          <div className="site-dns__result" data-testid="dns-result">
            {dns.ok ? (
              <Typography.Paragraph>
                <CheckCircleTwoTone twoToneColor="#52c41a" aria-hidden /> {t('dns.ok')}
              </Typography.Paragraph>
            ) : (
              <List
                size="small"
                dataSource={dns.problems}
                renderItem={(problem) => (
                  <List.Item>
                    <Space align="start">
                      <WarningTwoTone twoToneColor="#faad14" aria-hidden />
                      <span>
                        <Tag>{problem.code}</Tag>
                        {problem.title}
                      </span>
                    </Space>
                  </List.Item>
                )}
              />
            )}
            <Typography.Text type="secondary" className="site-dns__records">
              {t('dns.records', { host: dns.records.host.join(', ') || '—', technical: dns.records.technical_host.join(', ') || '—', www: dns.records.www.join(', ') || '—' })}
            </Typography.Text>
          </div>
        )}
      </div>
      <TypedConfirm
        open={dialog === 'unpublish'}
        title={t('status.unpublish_title', { name: a.name })}
        text={t('status.unpublish_text')}
        expected={displayHost(confirmationOf(site))}
        alsoAccepted={[confirmationOf(site)]}
        okText={t('status.unpublish')}
        loading={act.isPending}
        error={dialogError}
        onConfirm={() => act.mutate({ method: 'POST', path: 'unpublish', data: { host: confirmationOf(site) }, notice: t('status.unpublished') })}
        onCancel={() => (setDialog(null), setDialogError(null))}
      />
      <TypedConfirm
        open={dialog === 'delete'}
        title={t('status.delete_title', { name: a.name })}
        text={t('status.delete_text')}
        expected={displayHost(confirmationOf(site))}
        alsoAccepted={[confirmationOf(site)]}
        okText={t('common:actions.delete')}
        loading={remove.isPending}
        error={dialogError}
        onConfirm={() => remove.mutate(confirmationOf(site))}
        onCancel={() => (setDialog(null), setDialogError(null))}
      />
    </Card>
  );
}
