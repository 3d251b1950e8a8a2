import { useState } from 'react';
import { Alert, Button, Card, Empty, Grid, Pagination, Result, Segmented, Select, Skeleton, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { AppstoreOutlined, FileImageOutlined, InboxOutlined, LockOutlined, ReloadOutlined, UnorderedListOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_ACCEPT } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { useStoredJson } from './stored-view.ts';
import { ALL_FILES, FolderTree } from './FolderTree.tsx';
import { FileDetails } from './FileDetails.tsx';
import { formatBytes, thumbUrl, uploadMedia, useFiles, useFolders, useInvalidateMedia, useMediaRights, type MediaFile } from './media-api.ts';
import './media.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const SORTS = ['-created_at', 'created_at', 'name', '-size'] as const;
const PAGE_SIZE = 48;

function Thumb({ file }: { file: MediaFile }) {
  const { t } = useTranslation('media.storage');
  const url = thumbUrl(file.attributes);
  if (url && file.attributes.kind === 'image') return <img src={url} alt={file.attributes.name} className="media-card__image" loading="lazy" />;
  const Icon = file.attributes.kind === 'video' ? VideoCameraOutlined : FileImageOutlined;
  return (
    <div className="media-card__icon" aria-label={t(`kinds.${file.attributes.kind}`)}>
      <Icon aria-hidden />
      {file.attributes.access === 2 && <LockOutlined aria-label={t('access.2')} />}
    </div>
  );
}

export interface MediaLibraryProps {
  clientId: number;
  /** `manage`: the library screen; `pick`: choosing a file for another screen. */
  mode: 'manage' | 'pick';
  /** Only files of this kind (the picker of an image field). */
  kind?: 'image' | 'video';
  selectedId?: string | null;
  onPick?: (file: MediaFile) => void;
}

/**
 * The media library of a client: folders, files as a grid or a list with search, a kind filter,
 * sorting and paging, upload by click or drag-and-drop with progress, and a file's details. The
 * picker (MediaPicker) shows the same library to choose a file.
 */
export function MediaLibrary({ clientId, mode, kind, selectedId, onPick }: MediaLibraryProps) {
  const { t } = useTranslation(['media.storage', 'common']);
  const { lang } = useSession();
  const screens = Grid.useBreakpoint();
  const rights = useMediaRights();
  const invalidate = useInvalidateMedia();
  const [view, setView] = useStoredJson<'grid' | 'list'>('media_view', 'grid');
  const [folder, setFolder] = useState<string>(ALL_FILES);
  const [kindFilter, setKindFilter] = useState<'image' | 'video' | null>(kind ?? null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<(typeof SORTS)[number]>('-created_at');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaFile | null>(null);
  const folders = useFolders(clientId);
  const files = useFiles({ clientId, folderId: folder === ALL_FILES ? null : Number(folder), kind: kind ?? kindFilter, search, page, size: PAGE_SIZE, sort });
  const rows = files.data?.data ?? [];
  const total = files.data?.meta.page.total ?? 0;
  const choose = (file: MediaFile) => (mode === 'pick' ? onPick?.(file) : setOpen(file));
  const accept = kind ? MEDIA_ACCEPT[kind] : `${MEDIA_ACCEPT.image},${MEDIA_ACCEPT.video}`;

  const uploader = rights.create && (
    <Upload.Dragger
      multiple
      accept={accept}
      className="media-upload"
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        uploadMedia(file as File, { client_id: clientId, folder_id: folder === ALL_FILES ? null : Number(folder) }, (percent) => onProgress?.({ percent }))
          .then(async (created) => {
            onSuccess?.(created);
            setPage(1);
            await invalidate();
            if (mode === 'pick') onPick?.(created);
          })
          .catch((error) => {
            onError?.(error);
            notify.error(t('upload.failed', { name: (file as File).name }), errorTitle(error, lang));
          });
      }}
    >
      <p className="media-upload__icon">
        <InboxOutlined aria-hidden />
      </p>
      <p className="media-upload__text">{t('upload.drop')}</p>
      <p className="media-upload__hint">{t(kind === 'video' ? 'upload.hint_video' : kind === 'image' ? 'upload.hint_image' : 'upload.hint')}</p>
    </Upload.Dragger>
  );

  const body = files.isError ? (
    <Result status="error" title={t('files.load_failed')} subTitle={errorTitle(files.error, lang)} extra={<Button onClick={() => files.refetch()}>{t('common:actions.retry')}</Button>} />
  ) : files.isPending ? (
    <Skeleton active />
  ) : rows.length === 0 ? (
    <Empty description={search || kindFilter || folder !== ALL_FILES ? t('files.nothing_found') : t('files.empty')} />
  ) : view === 'grid' ? (
    <div className="media-grid" role="list">
      {rows.map((file) => (
        <button
          type="button"
          role="listitem"
          key={file.id}
          className={`media-card${selectedId === file.id ? ' media-card--selected' : ''}`}
          onClick={() => choose(file)}
          aria-label={file.attributes.name}
          data-testid="media-card"
        >
          <Thumb file={file} />
          <span className="media-card__name">{file.attributes.name}</span>
          <span className="media-card__meta">
            {file.attributes.width ? `${file.attributes.width}×${file.attributes.height} · ` : ''}
            {formatBytes(file.attributes.size, lang)}
          </span>
        </button>
      ))}
    </div>
  ) : (
    <DataTable<MediaFile>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 720 }}
      onRow={(file) => ({ onClick: () => choose(file), className: selectedId === file.id ? 'media-row--selected' : 'media-row' })}
      columns={[
        { key: 'thumb', width: 64, render: (_: unknown, file) => <div className="media-row__thumb"><Thumb file={file} /></div> },
        { key: 'name', title: t('files.name'), ellipsis: true, render: (_: unknown, file) => file.attributes.name },
        { key: 'kind', title: t('files.kind'), width: 120, render: (_: unknown, file) => <Tag>{t(`kinds.${file.attributes.kind}`)}</Tag> },
        { key: 'dimensions', title: t('files.dimensions'), width: 120, render: (_: unknown, file) => (file.attributes.width ? `${file.attributes.width}×${file.attributes.height}` : '—') },
        { key: 'size', title: t('files.size'), width: 110, render: (_: unknown, file) => formatBytes(file.attributes.size, lang) },
        { key: 'created', title: t('files.created'), width: 160, render: (_: unknown, file) => formatDateTime(file.attributes.created_at) },
      ]}
    />
  );

  return (
    <div className={`media-library media-library--${mode}`}>
      <Card size="small" className="media-library__folders">
        {folders.isError ? (
          <Alert type="error" showIcon title={t('folders.load_failed')} />
        ) : (
          <FolderTree clientId={clientId} folders={folders.data ?? []} selected={folder} onSelect={(key) => (setFolder(key), setPage(1))} editable={mode === 'manage'} />
        )}
      </Card>
      <div className="media-library__main">
        <div className="media-toolbar">
          <SearchInput
            allowClear
            placeholder={t('files.search')}
            aria-label={t('files.search')}
            onSearch={(value) => (setSearch(value.trim()), setPage(1))}
            className="media-toolbar__search"
          />
          {!kind && (
            <Select
              allowClear
              placeholder={t('files.kind')}
              aria-label={t('files.kind')}
              value={kindFilter ?? undefined}
              onChange={(value) => (setKindFilter(value ?? null), setPage(1))}
              options={(['image', 'video'] as const).map((value) => ({ value, label: t(`kinds.${value}`) }))}
              className="media-toolbar__kind"
            />
          )}
          <Select aria-label={t('files.sort')} value={sort} onChange={setSort} options={SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))} className="media-toolbar__sort" />
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'grid' | 'list')}
            options={[
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, title: t('files.grid') },
              { value: 'list', icon: <UnorderedListOutlined aria-hidden />, title: t('files.list') },
            ]}
            aria-label={t('files.view')}
          />
          <Tooltip title={t('common:actions.refresh')}>
            <Button icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => invalidate()} loading={files.isFetching && !files.isPending} />
          </Tooltip>
        </div>
        {uploader}
        {mode === 'pick' && <Typography.Text type="secondary">{t('picker.hint')}</Typography.Text>}
        {body}
        {total > PAGE_SIZE && (
          <Pagination className="media-pagination" current={page} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} size={screens.sm === false ? 'small' : undefined} onChange={setPage} showTotal={(count) => t('files.total', { count })} />
        )}
      </div>
      {open && <FileDetails key={open.id} file={open} folders={folders.data ?? []} onClose={() => setOpen(null)} onChanged={(next) => setOpen(next)} />}
    </div>
  );
}
