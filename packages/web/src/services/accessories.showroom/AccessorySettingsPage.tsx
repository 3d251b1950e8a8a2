import { useEffect, useState } from 'react';
import './accessories.css';
import { useParams } from 'react-router';
import { Button, Card, Empty, Form, Input, Popconfirm, Result, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCESSORY_IMPORT_PROFILES, hasPermission, type AccessoryImportFile, type JsonApiRecord, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { showSaveErrors } from '../cars.stock.sites/stock-sites-api.ts';
import { accessoriesPath } from './accessories-api.ts';
import { AccessoryImportProgress } from './AccessoryImportProgress.tsx';

type Settings = { site_id: number; import_files: AccessoryImportFile[] };

/**
 * /accessories.showroom/settings/{siteId}: the site's import files (name, URL, profile), saved
 * together, and the import of them started by hand with its progress and report.
 */
export default function AccessorySettingsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['accessories.showroom', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const site = useSite(siteId);
  const client = useQueryClient();
  const [form] = Form.useForm<{ import_files: AccessoryImportFile[] }>();
  const [run, setRun] = useState<number | null>(null);
  const key = ['accessories.showroom', 'settings', siteId];
  const query = useQuery({
    queryKey: key,
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<Settings>>(accessoriesPath(`settings/by_site_id/${siteId}`), undefined, signal),
  });
  const canWrite = hasPermission(user?.permissions ?? {}, 'accessories.showroom', 'accessory_settings.patch');
  const canImport = hasPermission(user?.permissions ?? {}, 'accessories.showroom', 'accessories.import');
  useEffect(() => {
    if (query.data) form.setFieldsValue({ import_files: query.data.attributes.import_files });
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (values: { import_files: AccessoryImportFile[] }) => api.patch<JsonApiRecord<Settings>>(accessoriesPath(`settings/${query.data!.id}`), { attributes: { import_files: values.import_files ?? [] } }),
    onSuccess: async (saved) => {
      notify.success(t('common:notices.saved'));
      client.setQueryData(key, saved);
    },
    onError: (error) => showSaveErrors(error, lang, form.setFields as never),
  });
  const start = useMutation({
    mutationFn: () => api.post<{ id: number }>(accessoriesPath(`accessories/import/by_settings_id/${query.data!.id}`)),
    onSuccess: (started) => {
      notify.success(t('settings.import_started'));
      setRun(Number(started?.id ?? 0) || null);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const title = t('settings.title');
  const stored = query.data?.attributes.import_files ?? [];
  return (
    <div className="page accessories-page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name as string | undefined}
        documentTitle={title}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} />
            {canImport && (
              <Popconfirm title={t('settings.import_confirm')} onConfirm={() => start.mutate()} okText={t('settings.import')} cancelText={t('common:actions.cancel')} disabled={!stored.length}>
                <Button type="primary" icon={<PlayCircleOutlined aria-hidden />} loading={start.isPending} disabled={!stored.length}>
                  {t('settings.import')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      {run !== null && <AccessoryImportProgress runId={run} />}
      <Card variant="borderless" className="page-card">
        {query.isPending ? (
          <ContentLoader />
        ) : query.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(query.error, lang)} extra={<Button type="primary" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <GuardedForm form={form} layout="vertical" disabled={!canWrite} onFinish={(values) => save.mutate(values)} initialValues={{ import_files: stored }}>
            <Typography.Title level={5}>{t('settings.files')}</Typography.Title>
            <Form.List name="import_files">
              {(fields, { add, remove }) => (
                <>
                  {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settings.no_files')} />}
                  {fields.map((field, index) => (
                    <div key={field.key} className="accessory-file" data-testid="accessory-file">
                      <Form.Item name={[field.name, 'name']} label={t('settings.fields.name')} rules={[{ required: true, message: t('common:validation.required', { defaultValue: t('settings.required') }) }]}>
                        <Input maxLength={255} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'url']} label={t('settings.fields.url')} rules={[{ required: true, message: t('settings.required') }]}>
                        <Input maxLength={2048} placeholder="https://" />
                      </Form.Item>
                      <Form.Item name={[field.name, 'profile']} label={t('settings.fields.profile')} rules={[{ required: true, message: t('settings.required') }]}>
                        <Select options={ACCESSORY_IMPORT_PROFILES.map((value) => ({ value, label: t(`profiles.${value}`) }))} />
                      </Form.Item>
                      <Form.Item label=" ">
                        <IconButton danger icon={<DeleteOutlined aria-hidden />} aria-label={t('settings.remove_file', { index: index + 1 })} onClick={() => remove(field.name)} />
                      </Form.Item>
                    </div>
                  ))}
                  {canWrite && (
                    <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '', url: '', profile: 'csv' })} disabled={fields.length >= 20}>
                      {t('settings.add_file')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
            {canWrite && (
              <div className="accessory-settings__actions">
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('common:actions.save')}
                </Button>
              </div>
            )}
          </GuardedForm>
        )}
      </Card>
    </div>
  );
}
