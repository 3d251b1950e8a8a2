import { useState } from 'react';
import { Button, Descriptions, Grid, Input, Popconfirm, Space, Tag, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, ScissorOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { ALL_FILES, folderTree } from './FolderTree.tsx';
import { ImageCropper } from './ImageCropper.tsx';
import { changeMedia, deleteMedia, downloadMedia, formatBytes, useInvalidateMedia, useMediaRights, type MediaFile, type MediaFolder } from './media-api.ts';

/** The folder tree as TreeSelect takes it: each node's value is its key. */
type FolderNode = ReturnType<typeof folderTree>[number];
interface FolderOption {
  value: string;
  title: FolderNode['title'];
  children: FolderOption[];
}
const selectTree = (nodes: FolderNode[]): FolderOption[] => nodes.map((node) => ({ value: String(node.key), title: node.title, children: selectTree(node.children ?? []) }));

/** The file shown large: the picture or the video, public ones only (private ones download). */
export function FilePreview({ file }: { file: MediaFile }) {
  const { t } = useTranslation('media.storage');
  const { url, kind, name } = file.attributes;
  if (!url) return <div className="media-preview media-preview--none">{t('files.private_preview')}</div>;
  if (kind === 'video') return <video className="media-preview" src={url} controls preload="metadata" aria-label={name} />;
  return <img className="media-preview" src={url} alt={name} />;
}

/**
 * A file's page in a drawer: preview, metadata and variants, rename, move to a folder, crop,
 * download and delete (confirmed; refused while something shows it).
 */
export function FileDetails({ file, folders, onClose, onChanged }: { file: MediaFile; folders: MediaFolder[]; onClose: () => void; onChanged: (file: MediaFile | null) => void }) {
  const { t } = useTranslation(['media.storage', 'common']);
  const { lang } = useSession();
  const screens = Grid.useBreakpoint();
  const rights = useMediaRights();
  const invalidate = useInvalidateMedia();
  const [name, setName] = useState(file.attributes.name);
  const [cropping, setCropping] = useState(false);
  const a = file.attributes;
  const tree = selectTree(folderTree(folders, t('folders.root')));

  const change = useMutation({
    mutationFn: (attributes: { name?: string; folder_id?: number | null }) => changeMedia(file.id, attributes),
    onSuccess: async (fresh) => {
      notify.success(t('common:notices.saved'));
      onChanged(fresh);
      await invalidate();
    },
    onError: (error) => notify.error(t('files.save_failed'), errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: () => deleteMedia(file.id),
    onSuccess: async () => {
      notify.success(t('files.deleted', { name: a.name }));
      onChanged(null);
      await invalidate();
    },
    onError: (error) => notify.error(t('files.delete_failed'), errorTitle(error, lang)),
  });

  return (
    <FormDrawer open title={a.name} size={screens.sm === false ? '100%' : 560} onClose={onClose} destroyOnHidden unsaved={name.trim() !== a.name}>
      <Space orientation="vertical" size="large" className="media-details">
        <FilePreview file={file} />
        <Space wrap>
          {a.kind === 'image' && rights.create && (
            <Button icon={<ScissorOutlined aria-hidden />} onClick={() => setCropping(true)} disabled={!a.url}>
              {t('files.crop')}
            </Button>
          )}
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => downloadMedia(file).catch((error) => notify.error(t('files.download_failed'), errorTitle(error, lang)))}>
            {t('files.download')}
          </Button>
          {rights.remove && (
            <Popconfirm
              title={t('files.delete_title')}
              description={<div className="confirm-text">{t('files.delete_text', { name: a.name })}</div>}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate()}
            >
              <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>
                {t('common:actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
        <div>
          <Typography.Text strong>{t('files.name')}</Typography.Text>
          <Space.Compact className="media-details__name">
            <Input value={name} maxLength={255} onChange={(event) => setName(event.target.value)} disabled={!rights.change} aria-label={t('files.name')} />
            <Button type="primary" disabled={!rights.change || !name.trim() || name === a.name} loading={change.isPending} onClick={() => change.mutate({ name: name.trim() })}>
              {t('common:actions.save')}
            </Button>
          </Space.Compact>
        </div>
        <div>
          <Typography.Text strong>{t('files.folder')}</Typography.Text>
          <TreeSelect
            className="media-details__folder"
            treeData={tree}
            treeDefaultExpandAll
            value={a.folder_id === null ? ALL_FILES : String(a.folder_id)}
            disabled={!rights.change}
            aria-label={t('files.folder')}
            onChange={(value) => change.mutate({ folder_id: value === ALL_FILES ? null : Number(value) })}
          />
        </div>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('files.kind')}>{t(`kinds.${a.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('files.type')}>{a.mime}</Descriptions.Item>
          <Descriptions.Item label={t('files.size')}>{formatBytes(a.size, lang)}</Descriptions.Item>
          {a.width !== null && <Descriptions.Item label={t('files.dimensions')}>{`${a.width}×${a.height}`}</Descriptions.Item>}
          <Descriptions.Item label={t('files.access')}>
            <Tag color={a.access === 1 ? 'green' : 'orange'}>{t(`access.${a.access}`)}</Tag>
          </Descriptions.Item>
          {a.url && (
            <Descriptions.Item label={t('files.address')}>
              <Typography.Text copyable className="media-details__url">
                {a.url}
              </Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('files.created')}>{formatDateTime(a.created_at)}</Descriptions.Item>
        </Descriptions>
        {a.variants.length > 0 && (
          <div>
            <Typography.Text strong>{t('files.variants')}</Typography.Text>
            <ul className="media-details__variants">
              {a.variants.map((variant) => (
                <li key={variant.name}>
                  {variant.url ? (
                    <a href={variant.url} target="_blank" rel="noreferrer">
                      {t(`variants.${variant.name}`, { defaultValue: variant.name })}
                    </a>
                  ) : (
                    t(`variants.${variant.name}`, { defaultValue: variant.name })
                  )}{' '}
                  <Typography.Text type="secondary">
                    {variant.width}×{variant.height}, {variant.ext}, {formatBytes(variant.size, lang)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Space>
      {cropping && (
        <ImageCropper
          file={file}
          onCancel={() => setCropping(false)}
          onDone={async (cropped) => {
            setCropping(false);
            notify.success(t('cropper.done', { name: cropped.attributes.name }));
            onChanged(cropped);
            await invalidate();
          }}
        />
      )}
    </FormDrawer>
  );
}
