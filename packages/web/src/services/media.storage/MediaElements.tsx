import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Popconfirm, Result, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaElement, translateMessage, type MediaElement } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { MediaPickerDialog } from './MediaPicker.tsx';
import { saveMediaElements, useMediaElements, useMediaRights } from './media-api.ts';
import { FormModal, GuardedForm, useUnsavedChanges } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

const TYPES = ['image', 'video', 'document'] as const;
const newId = () => `element-${Date.now().toString(36)}`;

/** One element in a dialog: validated with the contract's schema, the address typed or picked from the library. */
function ElementDialog({ clientId, element, taken, onSave, onClose }: { clientId: number; element: MediaElement | null; taken: string[]; onSave: (element: MediaElement) => void; onClose: () => void }) {
  const { t } = useTranslation(['media.storage', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm<MediaElement>();
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const type = Form.useWatch('type', form);
  const submit = (values: MediaElement) => {
    const parsed = mediaElement.safeParse({ ...values, title: values.title || null });
    const next: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= translateMessage(issue.message, lang);
    if (parsed.success && taken.includes(parsed.data.id)) next.id = t('elements.id_taken');
    setErrors(next);
    if (parsed.success && !Object.keys(next).length) onSave(parsed.data);
  };
  const item = (name: keyof MediaElement) => ({ name, validateStatus: errors[name] ? ('error' as const) : undefined, help: errors[name] });
  return (
    <FormModal open title={element ? t('elements.edit') : t('elements.add')} okText={t('common:actions.save')} cancelText={t('common:actions.cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <GuardedForm form={form} layout="vertical" initialValues={element ?? { id: newId(), type: 'image', url: '', title: '' }} onFinish={submit}>
        <Form.Item label={t('elements.id')} required {...item('id')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('elements.type')} required {...item('type')}>
          <Select options={TYPES.map((value) => ({ value, label: t(`elements.types.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('elements.title')} {...item('title')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item label={t('elements.url')} required {...item('url')} extra={t('elements.url_hint')}>
          <Input
            maxLength={2048}
            addonAfter={
              type !== 'document' ? (
                <Button type="link" size="small" onClick={() => setPicking(true)}>
                  {t('elements.from_library')}
                </Button>
              ) : undefined
            }
          />
        </Form.Item>
      </GuardedForm>
      {picking && (
        <MediaPickerDialog
          clientId={clientId}
          kind={type === 'video' ? 'video' : 'image'}
          onClose={() => setPicking(false)}
          onPick={(media) => {
            setPicking(false);
            if (!media.url) return notify.warning(t('elements.private_file'));
            form.setFieldsValue({ url: media.url, title: form.getFieldValue('title') || media.name });
          }}
        />
      )}
    </FormModal>
  );
}

/**
 * The client's media elements (spec 000 §3 Client; API-only before): a list of images, videos
 * and documents with their addresses, kept on the client and saved as a whole.
 */
export function MediaElements({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['media.storage', 'common']);
  const { lang } = useSession();
  const rights = useMediaRights();
  const client = useQueryClient();
  const query = useMediaElements(clientId);
  const [elements, setElements] = useState<MediaElement[]>([]);
  const [editing, setEditing] = useState<{ element: MediaElement | null } | null>(null);
  const stored = query.data?.attributes.media_elements;
  useEffect(() => setElements(stored ?? []), [stored]);
  const dirty = JSON.stringify(stored ?? []) !== JSON.stringify(elements);
  // The list changed and not saved: another page and a reload ask first; a save counts once sent.
  const { release, hold } = useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: () => saveMediaElements(clientId, elements),
    onMutate: release,
    onSuccess: async () => {
      notify.success(t('elements.saved'));
      await client.invalidateQueries({ queryKey: ['media.storage', 'media_elements', clientId] });
    },
    onError: (error) => {
      hold();
      notify.error(t('elements.save_failed'), errorTitle(error, lang));
    },
  });
  if (query.isError) return <Result status="error" title={t('elements.load_failed')} subTitle={errorTitle(query.error, lang)} extra={<Button onClick={() => query.refetch()}>{t('common:actions.retry')}</Button>} />;
  if (query.isPending) return <Skeleton active />;
  return (
    <Card title={<span className="media-elements__title">{t('elements.heading', { client: query.data.attributes.name })}</span>}>
      {/* The actions sit in the body, beside the hint: a card header has no room for them on a phone. */}
      <div className="media-elements__toolbar">
        <Typography.Paragraph type="secondary" className="media-elements__hint">
          {t('elements.hint')}
        </Typography.Paragraph>
        {rights.change && (
          <Space wrap>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ element: null })}>
              {t('elements.add')}
            </Button>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
              {t('common:actions.save')}
            </Button>
          </Space>
        )}
      </div>
      {dirty && <Alert type="info" showIcon title={t('elements.unsaved')} className="media-elements__unsaved" />}
      <DataTable<MediaElement>
        rowKey="id"
        size="small"
        dataSource={elements}
        pagination={elements.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description={t('elements.empty')} /> }}
        columns={[
          { key: 'id', title: t('elements.id'), dataIndex: 'id', width: 180, ellipsis: true },
          { key: 'type', title: t('elements.type'), width: 120, render: (_: unknown, row) => t(`elements.types.${row.type}`) },
          { key: 'title', title: t('elements.title'), ellipsis: true, render: (_: unknown, row) => row.title || '—' },
          { key: 'url', title: t('elements.url'), ellipsis: true, render: (_: unknown, row) => <a href={row.url} target="_blank" rel="noreferrer">{row.url}</a> },
          {
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, row) =>
              rights.change && (
                <Space size={0}>
                  <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={t('common:actions.edit')} onClick={() => setEditing({ element: row })} />
                  <Popconfirm title={t('elements.delete_title', { id: row.id })} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => setElements((list) => list.filter((item) => item.id !== row.id))}>
                    <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('common:actions.delete')} />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <ElementDialog
          clientId={clientId}
          element={editing.element}
          taken={elements.filter((item) => item.id !== editing.element?.id).map((item) => item.id)}
          onClose={() => setEditing(null)}
          onSave={(element) => {
            setElements((list) => (editing.element ? list.map((item) => (item.id === editing.element!.id ? element : item)) : [...list, element]));
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}
