import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Popconfirm, Result, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { translateMessage } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { FormModal } from '../../kit/unsaved.tsx';
import { STAGE_EDIT_PATH, stagePath, useInvalidateStages, useStageRights, useStages, type StageRecord } from './stage-api.ts';
import './stages.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

/** A new stage: its name; the server makes its first draft, which the editor opens. */
function CreateStageDialog({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const { t } = useTranslation(['content.storage', 'common']);
  const { lang } = useSession();
  const navigate = useNavigate();
  const invalidate = useInvalidateStages();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.post<StageRecord>(stagePath('stages'), { attributes: { site_id: Number(siteId), name: name.trim() } }),
    onSuccess: async (stage) => {
      notify.success(t('stages.created', { name: stage.attributes.name }));
      await invalidate();
      navigate(STAGE_EDIT_PATH(siteId, stage.id, stage.attributes.drafts[0] ? String(stage.attributes.drafts[0]) : undefined));
    },
    onError: (failure) => {
      const field = isApiError(failure) ? failure.fieldErrors().name?.[0] : undefined;
      if (field) setError(field);
      else notify.error(t('stages.create_failed'), errorTitle(failure, lang));
    },
  });
  return (
    <FormModal
      open
      title={t('stages.create')}
      // A typed name is held until it is sent (the editor of the new stage opens without a question); a failed creation holds it again.
      unsaved={name.trim() !== '' && !create.isPending && !create.isSuccess}
      okText={t('common:actions.create')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      onOk={() => (name.trim() ? create.mutate() : setError(translateMessage('required', lang)))}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => create.mutate()}>
        <Form.Item label={t('fields.name')} required validateStatus={error ? 'error' : undefined} help={error ?? t('stages.name_hint')}>
          <Input autoFocus maxLength={255} value={name} onChange={(event) => (setError(null), setName(event.target.value))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * /content.storage/stages/{siteId}: the banners of the site's main page, in their order on the
 * site, with what each shows now (its published version), drafts waiting and publications by time.
 */
export default function StagesPage() {
  const { t } = useTranslation(['content.storage', 'menu', 'common']);
  const { lang } = useSession();
  const { siteId = '' } = useParams();
  const navigate = useNavigate();
  const rights = useStageRights();
  const stages = useStages(siteId);
  const invalidate = useInvalidateStages();
  const [creating, setCreating] = useState(false);
  const remove = useMutation({
    mutationFn: (stage: StageRecord) => api.delete(stagePath(`stages/${stage.id}`)),
    onSuccess: async (_result, stage) => {
      notify.success(t('stages.deleted', { name: stage.attributes.name }));
      await invalidate();
    },
    onError: (error) => notify.error(t('stages.delete_failed'), errorTitle(error, lang)),
  });
  const rows = [...(stages.data ?? [])].sort((a, b) => (a.attributes.order ?? 0) - (b.attributes.order ?? 0) || Number(a.id) - Number(b.id));
  const open = (stage: StageRecord) => navigate(STAGE_EDIT_PATH(siteId, stage.id));

  return (
    <div className="page">
      <PageHeader
        title={t('menu:stages')}
        subtitle={t('stages.subtitle')}
        extra={
          rights.change && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t('stages.create')}
            </Button>
          )
        }
      />
      <Card>
        {stages.isError ? (
          <Result status="error" title={t('stages.load_failed')} subTitle={errorTitle(stages.error, lang)} extra={<Button onClick={() => stages.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<StageRecord>
            rowKey="id"
            loading={stages.isPending}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50 } : false}
            scroll={{ x: 1000 }}
            locale={{ emptyText: <Empty description={t('stages.empty')} /> }}
            onRow={(stage) => ({ onDoubleClick: () => open(stage) })}
            columns={[
              {
                key: 'name',
                title: t('fields.name'),
                width: 200,
                fixed: 'left',
                ellipsis: true,
                render: (_: unknown, stage) => (
                  <Typography.Link onClick={() => open(stage)} data-testid="stage-name">
                    {stage.attributes.name}
                  </Typography.Link>
                ),
              },
              { key: 'order', title: t('fields.order'), width: 100, render: (_: unknown, stage) => stage.attributes.order ?? '—' },
              {
                key: 'status',
                title: t('stages.on_site'),
                width: 140,
                render: (_: unknown, stage) => (stage.attributes.published ? <Tag color="success">{t('stages.published')}</Tag> : <Tag>{t('stages.not_published')}</Tag>),
              },
              {
                key: 'waiting',
                title: t('stages.waiting'),
                width: 160,
                render: (_: unknown, stage) => (
                  <Space size={4} wrap>
                    {stage.attributes.drafts.length > 0 && <Tag>{t('stages.drafts', { count: stage.attributes.drafts.length })}</Tag>}
                    {stage.attributes.submitted.length > 0 && <Tag color="processing">{t('stages.submitted', { count: stage.attributes.submitted.length })}</Tag>}
                  </Space>
                ),
              },
              { key: 'publish_at', title: t('stages.publish_at'), width: 160, render: (_: unknown, stage) => (stage.attributes.publish_at ? formatDateTime(stage.attributes.publish_at) : '—') },
              { key: 'updated', title: t('fields.updated_at'), width: 150, render: (_: unknown, stage) => formatDateTime(stage.attributes.updated_at) },
              {
                key: 'actions',
                width: 90,
                fixed: 'right',
                render: (_: unknown, stage) => (
                  <Space size={0}>
                    <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={t('stages.open', { name: stage.attributes.name })} onClick={() => open(stage)} />
                    {rights.change && (
                      <Popconfirm
                        title={t('stages.delete_title', { name: stage.attributes.name })}
                        description={<div className="confirm-text">{stage.attributes.published ? t('stages.delete_published') : t('stages.delete_text')}</div>}
                        okText={t('common:actions.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common:actions.cancel')}
                        onConfirm={() => remove.mutate(stage)}
                      >
                        <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} />
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {creating && <CreateStageDialog siteId={siteId} onClose={() => setCreating(false)} />}
    </div>
  );
}
