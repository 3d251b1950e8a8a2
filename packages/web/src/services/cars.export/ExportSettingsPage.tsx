import { useParams } from 'react-router';
import { Button, Card, Grid, Input, Modal, Popconfirm, Result, Space, Switch, Typography } from 'antd';
import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_CHANNELS, hasPermission, type ExportChannel, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { getExportSettings, patchExportSettings, regenerateExportLink } from './export-api.ts';
import { RefreshButton } from '../../kit/QueryStates.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

/**
 * Export settings of the site's client (spec 001 §2 "/cars.export/settings/{siteId}"): per channel
 * whether its feed is needed, its public address with a copy button and a regenerate action
 * (confirmed: the old address stops working), and the image options.
 */
export default function ExportSettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['cars.export', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const clientId = site.data?.site.attributes.client_id as number | undefined;
  const key = ['cars.export', 'settings', clientId ?? 0];
  const settings = useQuery({ queryKey: key, enabled: !!clientId, queryFn: ({ signal }) => getExportSettings(clientId!, signal) });
  const client = useQueryClient();
  const canWrite = hasPermission(user?.permissions ?? {}, 'cars.export', 'export_settings.patch');
  const done = (message: string) => async (fresh: unknown) => {
    client.setQueryData(key, fresh);
    notify.success(message);
  };
  const change = useMutation({
    mutationFn: (attributes: Parameters<typeof patchExportSettings>[1]) => patchExportSettings(settings.data!.id, attributes),
    onSuccess: done(t('common:notices.saved')),
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const regenerate = useMutation({
    mutationFn: (channel: ExportChannel) => regenerateExportLink(settings.data!.id, channel),
    onSuccess: done(t('regenerated')),
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const confirmRegenerate = (channel: ExportChannel) =>
    Modal.confirm({ title: t('regenerate_confirm', { channel: t(`channels.${channel}`) }), content: t('regenerate_warning'), okText: t('regenerate'), cancelText: t('common:actions.cancel'), onOk: () => regenerate.mutateAsync(channel).catch(() => undefined) });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      notify.error(t('copy_failed'));
    }
  };
  const attributes = settings.data?.attributes;
  const rows = EXPORT_CHANNELS.map((channel) => ({ channel, ...(attributes?.links[channel] ?? { is_needed: false, url: null }) }));
  const failed = settings.isError || site.isError;
  // A phone has no room for a third column: the link goes under the channel's name.
  const narrow = Grid.useBreakpoint().md === false;
  const linkCell = (url: string | null, row: (typeof rows)[number]) =>
    url && row.is_needed ? (
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url} title={url} aria-label={`${t('link')}: ${t(`channels.${row.channel}`)}`} data-channel={row.channel} />
        <IconButton icon={<CopyOutlined aria-hidden />} onClick={() => void copy(url)} aria-label={t('copy')} title={t('copy')} />
        {canWrite && <IconButton icon={<SyncOutlined aria-hidden />} onClick={() => confirmRegenerate(row.channel)} aria-label={t('regenerate')} title={t('regenerate')} />}
      </Space.Compact>
    ) : (
      <Typography.Text type="secondary">{t('off')}</Typography.Text>
    );
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        subtitle={site.data?.clientName ?? site.data?.site.attributes.name}
        documentTitle={t('title')}
        extra={<RefreshButton query={settings} />}
      />
      <Card variant="borderless" className="page-card">
        {failed ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(settings.error ?? site.error, lang)} extra={<Button type="primary" onClick={() => void settings.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
            <DataTable
              rowKey="channel"
              loading={settings.isLoading || site.isLoading}
              dataSource={rows}
              pagination={false}
              scroll={narrow ? undefined : { x: 760 }}
              columns={[
                {
                  title: t('channel'),
                  dataIndex: 'channel',
                  width: narrow ? undefined : 240,
                  render: (channel: ExportChannel, row) => (
                    <Space direction="vertical" size={6} style={{ width: '100%' }}>
                      <strong>{t(`channels.${channel}`)}</strong>
                      {narrow && linkCell(row.url, row)}
                    </Space>
                  ),
                },
                {
                  title: t('needed'),
                  dataIndex: 'is_needed',
                  width: 90,
                  render: (needed: boolean, row) => {
                    const toggle = (
                      <Switch
                        checked={needed}
                        disabled={!canWrite || !attributes}
                        loading={change.isPending}
                        aria-label={`${t('needed')}: ${t(`channels.${row.channel}`)}`}
                        onChange={needed ? undefined : (value) => change.mutate({ links: { [row.channel]: { is_needed: value } } })}
                      />
                    );
                    // Switching a channel off stops its feed: asked first, saying so.
                    if (!needed) return toggle;
                    return (
                      <Popconfirm
                        title={t('stop_confirm', { channel: t(`channels.${row.channel}`) })}
                        description={t('stop_confirm_text')}
                        okText={t('stop')}
                        cancelText={t('common:actions.cancel')}
                        okButtonProps={{ danger: true }}
                        disabled={!canWrite || !attributes}
                        onConfirm={() => change.mutateAsync({ links: { [row.channel]: { is_needed: false } } }).catch(() => undefined)}
                      >
                        {toggle}
                      </Popconfirm>
                    );
                  },
                },
                ...(narrow ? [] : [{ title: t('link'), dataIndex: 'url', render: linkCell }]),
              ]}
            />
            <Space wrap size="large">
              <label>
                <Space>
                  <Switch checked={attributes?.use_dealer_images ?? false} disabled={!canWrite || !attributes} onChange={(value) => change.mutate({ use_dealer_images: value })} />
                  {t('use_dealer_images')}
                </Space>
              </label>
              <label>
                <Space>
                  <Switch checked={attributes?.dealer_images_first ?? false} disabled={!canWrite || !attributes || !attributes.use_dealer_images} onChange={(value) => change.mutate({ dealer_images_first: value })} />
                  {t('dealer_images_first')}
                </Space>
              </label>
            </Space>
          </Space>
        )}
      </Card>
    </div>
  );
}
