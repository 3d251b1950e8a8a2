import { useMemo, useState } from 'react';
import { Button, Form, Input, Popconfirm, Space, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { FormModal } from '../../kit/unsaved.tsx';
import { mediaPath, useInvalidateMedia, useMediaRights, type MediaFolder } from './media-api.ts';

export const ALL_FILES = 'all';

/** Folders as a tree under "All files", children by name. */
export function folderTree(folders: MediaFolder[], rootTitle: string): TreeDataNode[] {
  const children = (parent: number | null): TreeDataNode[] =>
    folders
      .filter((folder) => (folder.attributes.parent_id ?? null) === parent)
      .sort((a, b) => a.attributes.name.localeCompare(b.attributes.name))
      .map((folder) => ({ key: folder.id, title: folder.attributes.name, children: children(Number(folder.id)) }));
  return [{ key: ALL_FILES, title: rootTitle, children: children(null) }];
}

/** The folders of a client: choose one, make one inside it, rename or delete it (its files move up). */
export function FolderTree({ clientId, folders, selected, onSelect, editable }: { clientId: number; folders: MediaFolder[]; selected: string; onSelect: (key: string) => void; editable: boolean }) {
  const { t } = useTranslation(['media.storage', 'common']);
  const { lang } = useSession();
  const rights = useMediaRights();
  const invalidate = useInvalidateMedia();
  // The folder's name being typed, and the name it started from (empty for a new folder).
  const [editing, setEditing] = useState<{ mode: 'create' | 'rename'; name: string; from: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const tree = useMemo(() => folderTree(folders, t('folders.all')), [folders, t]);
  const current = folders.find((folder) => folder.id === selected) ?? null;
  // Every folder shows open unless the user closed it, so a folder made or loaded later is seen at once.
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const allKeys = [ALL_FILES, ...folders.map((folder) => folder.id)];
  const expandedKeys = allKeys.filter((key) => !collapsed.has(key));

  const save = useMutation({
    mutationFn: async (name: string) => {
      if (editing?.mode === 'rename' && current) return api.patch(mediaPath(`folders/${current.id}`), { attributes: { name } });
      return api.post(mediaPath('folders'), { attributes: { name, client_id: clientId, parent_id: current ? Number(current.id) : null } });
    },
    onSuccess: async (saved) => {
      notify.success(editing?.mode === 'rename' ? t('folders.renamed') : t('folders.created'));
      const created = editing?.mode === 'create' ? (saved as MediaFolder | undefined) : undefined;
      setEditing(null);
      await invalidate();
      // A new folder is opened, as file managers do: the files uploaded next go into it.
      if (created?.id) onSelect(created.id);
    },
    onError: (error) => {
      const field = isApiError(error) ? error.fieldErrors().name?.[0] : undefined;
      if (field) setFieldError(field);
      else notify.error(t('folders.failed'), errorTitle(error, lang));
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(mediaPath(`folders/${current!.id}`)),
    onSuccess: async () => {
      notify.success(t('folders.deleted'));
      onSelect(String(current?.attributes.parent_id ?? ALL_FILES));
      await invalidate();
    },
    onError: (error) => notify.error(t('folders.failed'), errorTitle(error, lang)),
  });

  return (
    <div className="media-folders">
      <div className="media-folders__head">
        <Typography.Text strong>{t('folders.heading')}</Typography.Text>
        {editable && (
          <Space size={2}>
            <Tooltip title={t('folders.create')}>
              <Button type="text" size="small" icon={<FolderAddOutlined aria-hidden />} aria-label={t('folders.create')} disabled={!rights.create} onClick={() => (setFieldError(null), setEditing({ mode: 'create', name: '', from: '' }))} />
            </Tooltip>
            <Tooltip title={t('folders.rename')}>
              <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('folders.rename')} disabled={!current || !rights.change} onClick={() => (setFieldError(null), setEditing({ mode: 'rename', name: current!.attributes.name, from: current!.attributes.name }))} />
            </Tooltip>
            <Popconfirm
              title={t('folders.delete_title', { name: current?.attributes.name ?? '' })}
              description={<div className="confirm-text">{t('folders.delete_text')}</div>}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate()}
              disabled={!current || !rights.remove}
            >
              <Tooltip title={t('folders.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('folders.delete')} disabled={!current || !rights.remove} loading={remove.isPending} />
              </Tooltip>
            </Popconfirm>
          </Space>
        )}
      </div>
      <Tree
        blockNode
        showLine
        expandedKeys={expandedKeys}
        onExpand={(keys) => setCollapsed(new Set(allKeys.filter((key) => !keys.map(String).includes(key))))}
        treeData={tree}
        selectedKeys={[selected]}
        onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
        className="media-folders__tree"
      />
      <FormModal
        open={!!editing}
        unsaved={!!editing && editing.name !== editing.from}
        title={editing?.mode === 'rename' ? t('folders.rename') : current ? t('folders.create_in', { name: current.attributes.name }) : t('folders.create')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() => {
          const name = editing?.name.trim() ?? '';
          if (!name) return setFieldError(translateMessage('required', lang));
          save.mutate(name);
        }}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={() => undefined}>
          <Form.Item label={t('folders.name')} required validateStatus={fieldError ? 'error' : undefined} help={fieldError}>
            <Input autoFocus maxLength={255} value={editing?.name ?? ''} onChange={(event) => (setFieldError(null), setEditing((prev) => prev && { ...prev, name: event.target.value }))} />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
