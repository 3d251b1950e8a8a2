import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Result, Space, Switch, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, layoutResource, layoutStateResource, requiredText, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { formatDateTime } from '../../../kit/format.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { contentPath, useInvalidateContent, useSiteRecords, type StateAttributes, type StateRecord, useCentralLock } from './content-api.ts';
import { StatusTag, CentralLockNotice } from './state-widgets.tsx';
import './content.css';
import { FormModal, GuardedForm } from '../../../kit/unsaved.tsx';
import { DataTable } from '../../../kit/DataTable.tsx';
import { IconButton } from '../../../kit/IconButton.tsx';

type Layout = { name: string; is_default: boolean; origin_id: number | null; updated_at: string };
export const layoutEditPath = (siteId: string, layoutId: string, stateId?: string | number | null) => `/sites.context/sites/${siteId}/layouts/${layoutId}${stateId ? `/${stateId}` : ''}`;

/** /sites.context/sites/{siteId}/layouts: the site's layouts, the default one marked, each with its current state. */
export default function LayoutsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const central = useCentralLock(siteId);
  const canEdit = hasPermission(user?.permissions ?? {}, 'sites.context', 'layouts.patch') && !central;
  const layouts = useSiteRecords<Layout>(layoutResource, siteId);
  const states = useSiteRecords<StateAttributes>(layoutStateResource, siteId);
  const invalidate = useInvalidateContent();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; is_default?: boolean }>();

  const create = useMutation({
    mutationFn: async (values: { name: string; is_default?: boolean }) => {
      const layout = await api.post<JsonApiRecord<Layout>>(contentPath('layouts'), { type: 'layouts', attributes: { site_id: Number(siteId), ...values } });
      const state = await api.post<StateRecord>(contentPath('layout_states'), { type: 'layout_states', attributes: { layout_id: Number(layout.id), caption: values.name } });
      return { layout, state };
    },
    onSuccess: async ({ layout, state }) => {
      await invalidate();
      notify.success(t('common:notices.created'));
      navigate(layoutEditPath(siteId, layout.id, state.id));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(contentPath(`layouts/${id}`)),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.deleted'));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const stateOf = (layoutId: string) => {
    const own = ((states.data ?? []) as StateRecord[]).filter((state) => String(state.attributes.layout_id) === layoutId).sort((a, b) => Number(b.id) - Number(a.id));
    return own.find((state) => state.attributes.status === 3 && !state.attributes.superseded_at) ?? own.find((state) => !state.attributes.superseded_at);
  };

  return (
    <div className="page">
      <PageHeader
        title={t('layouts.title')}
        subtitle={t('layouts.subtitle')}
        extra={
          <Space>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void layouts.refetch()} />
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
                {t('layouts.create')}
              </Button>
            )}
          </Space>
        }
      />
      <CentralLockNotice locked={central} />
      <Card variant="borderless" className="page-card">
        {layouts.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(layouts.error)} extra={<Button onClick={() => void layouts.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<JsonApiRecord<Layout>>
            rowKey="id"
            loading={layouts.isLoading}
            dataSource={layouts.data ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layouts.empty')} /> }}
            onRow={(record) => ({ onClick: () => navigate(layoutEditPath(siteId, record.id)), className: 'clickable-row' })}
            columns={[
              {
                title: t('layouts.fields.name'),
                dataIndex: ['attributes', 'name'],
                render: (name: string, record) => (
                  <Space>
                    {name}
                    {record.attributes.is_default && <Tag color="blue">{t('layouts.default')}</Tag>}
                    {record.attributes.origin_id != null && (
                      <Tooltip title={t('pages.locked')}>
                        <LockOutlined aria-label={t('pages.locked')} />
                      </Tooltip>
                    )}
                  </Space>
                ),
              },
              { title: t('layouts.state'), width: 200, render: (_value, record) => { const state = stateOf(record.id); return state ? <StatusTag state={state} /> : '—'; } },
              { title: t('layouts.fields.updated_at'), width: 160, render: (_value, record) => formatDateTime(record.attributes.updated_at) },
              {
                title: t('common:actions.title'),
                width: 110,
                render: (_value, record) => (
                  <Space onClick={(event) => event.stopPropagation()}>
                    <IconButton size="small" type="text" icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} onClick={() => navigate(layoutEditPath(siteId, record.id))} />
                    {canEdit && record.attributes.origin_id == null && (
                      <Popconfirm title={t('layouts.delete_confirm', { name: record.attributes.name })} okText={t('common:actions.delete')} okButtonProps={{ danger: true }} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutate(record.id)}>
                        <IconButton size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} />
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <FormModal open={creating} title={t('layouts.create')} okText={t('common:actions.create')} cancelText={t('common:actions.cancel')} onCancel={() => setCreating(false)} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
        <GuardedForm form={form} layout="vertical" name="layout-create" onFinish={(values) => create.mutate(values)}>
          <Form.Item name="name" label={t('layouts.fields.name')} required rules={[zodRule(requiredText(255), () => lang)]}>
            <Input aria-label={t('layouts.fields.name')} />
          </Form.Item>
          <Form.Item name="is_default" valuePropName="checked" label={t('layouts.fields.is_default')}>
            <Switch aria-label={t('layouts.fields.is_default')} />
          </Form.Item>
        </GuardedForm>
      </FormModal>
    </div>
  );
}
