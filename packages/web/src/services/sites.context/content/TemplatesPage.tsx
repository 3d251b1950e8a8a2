import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Result, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, optionalMultiLineText, requiredText, templateResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { formatDateTime } from '../../../kit/format.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { contentPath, useInvalidateContent, useSiteRecords, type Placed, useCentralLock } from './content-api.ts';
import './content.css';
import { CentralLockNotice } from './state-widgets.tsx';
import { FormModal, GuardedForm } from '../../../kit/unsaved.tsx';
import { DataTable } from '../../../kit/DataTable.tsx';
import { IconButton } from '../../../kit/IconButton.tsx';

export type Template = { name: string; description: string | null; floors: Placed[]; origin_id: number | null; updated_at: string };
export const templateEditPath = (siteId: string, id: string) => `/sites.context/sites/${siteId}/templates/${id}`;

/** /sites.context/sites/{siteId}/templates: page templates (the floors a new page starts with). */
export default function TemplatesPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const central = useCentralLock(siteId);
  const canEdit = hasPermission(user?.permissions ?? {}, 'sites.context', 'templates.patch') && !central;
  const templates = useSiteRecords<Template>(templateResource, siteId);
  const invalidate = useInvalidateContent();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const create = useMutation({
    mutationFn: (values: { name: string; description?: string }) => api.post<JsonApiRecord<Template>>(contentPath('templates'), { type: 'templates', attributes: { site_id: Number(siteId), name: values.name, description: values.description || null } }),
    onSuccess: async (template) => {
      await invalidate();
      notify.success(t('common:notices.created'));
      navigate(templateEditPath(siteId, template.id));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(contentPath(`templates/${id}`)),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.deleted'));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  return (
    <div className="page">
      <PageHeader
        title={t('templates.title')}
        subtitle={t('templates.subtitle')}
        extra={
          <Space>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void templates.refetch()} />
            {canEdit && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>{t('templates.create')}</Button>}
          </Space>
        }
      />
      <CentralLockNotice locked={central} />
      <Card variant="borderless" className="page-card">
        {templates.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(templates.error)} extra={<Button onClick={() => void templates.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<JsonApiRecord<Template>>
            rowKey="id"
            loading={templates.isLoading}
            dataSource={templates.data ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.empty')} /> }}
            onRow={(record) => ({ onClick: () => navigate(templateEditPath(siteId, record.id)), className: 'clickable-row' })}
            columns={[
              {
                title: t('templates.fields.name'),
                dataIndex: ['attributes', 'name'],
                render: (name: string, record) => (
                  <Space>
                    {name}
                    {record.attributes.origin_id != null && <Tooltip title={t('pages.locked')}><LockOutlined aria-label={t('pages.locked')} /></Tooltip>}
                  </Space>
                ),
              },
              { title: t('templates.fields.description'), dataIndex: ['attributes', 'description'], ellipsis: true },
              { title: t('templates.fields.floors'), width: 110, render: (_value, record) => record.attributes.floors.length },
              { title: t('templates.fields.updated_at'), width: 160, render: (_value, record) => formatDateTime(record.attributes.updated_at) },
              {
                title: t('common:actions.title'),
                width: 110,
                render: (_value, record) => (
                  <Space onClick={(event) => event.stopPropagation()}>
                    <IconButton size="small" type="text" icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} onClick={() => navigate(templateEditPath(siteId, record.id))} />
                    {canEdit && record.attributes.origin_id == null && (
                      <Popconfirm title={t('templates.delete_confirm', { name: record.attributes.name })} okText={t('common:actions.delete')} okButtonProps={{ danger: true }} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutate(record.id)}>
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
      <FormModal open={creating} title={t('templates.create')} okText={t('common:actions.create')} cancelText={t('common:actions.cancel')} onCancel={() => setCreating(false)} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
        <GuardedForm form={form} layout="vertical" name="template-create" onFinish={(values) => create.mutate(values)}>
          <Form.Item name="name" label={t('templates.fields.name')} required rules={[zodRule(requiredText(255), () => lang)]}>
            <Input aria-label={t('templates.fields.name')} />
          </Form.Item>
          <Form.Item name="description" label={t('templates.fields.description')} rules={[zodRule(optionalMultiLineText(1000), () => lang)]}>
            <Input.TextArea rows={3} aria-label={t('templates.fields.description')} />
          </Form.Item>
        </GuardedForm>
      </FormModal>
    </div>
  );
}
