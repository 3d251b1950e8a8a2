import './car-photos.css';
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAR_PHOTOS_MAX, type JsonApiRecord } from '@dp/contracts';
import { api } from '../../kit/api.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { MediaPickerDialog } from '../media.storage/MediaPicker.tsx';
import { fileKeys, mediaPath, thumbUrl, useMediaRights, type MediaFileAttributes } from '../media.storage/media-api.ts';
import { moveItem } from '../../kit/reorder.ts';

interface Photo {
  name: string;
  url: string | null;
}

/** The names and thumbnails of photos already on the car (GET /files/{id} of the media library). */
function useKnownPhotos(ids: number[], picked: Map<number, Photo>, enabled: boolean): (id: number) => Photo {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: [...fileKeys.all, 'one', id],
      enabled: enabled && !picked.has(id),
      staleTime: 60_000,
      queryFn: ({ signal }: { signal: AbortSignal }) => api.request<{ data: JsonApiRecord<MediaFileAttributes> }>('GET', mediaPath(`files/${id}`), { signal }),
    })),
  });
  return (id) => {
    const own = picked.get(id);
    if (own) return own;
    const file = results[ids.indexOf(id)]?.data?.data.attributes;
    return file ? { name: file.name, url: thumbUrl(file) } : { name: `#${id}`, url: null };
  };
}

/**
 * The dealer's photos of a car (`manual_image_ids`): added one by one from the media library of the
 * car's client (upload included, the library checks the file), moved and removed; the first is
 * the main photo the site and the exports show first.
 */
export function CarPhotosField({ clientId, value, onChange, id, ...rest }: { clientId: number | null; value?: number[]; onChange?: (value: number[]) => void; id?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('cars.stock');
  const rights = useMediaRights();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Map<number, Photo>>(new Map());
  const ids = value ?? [];
  const photo = useKnownPhotos(ids, picked, rights.read);
  const full = ids.length >= CAR_PHOTOS_MAX;
  const move = (index: number, by: number) => onChange?.(moveItem(ids, index, by));
  return (
    <div className="car-photos" id={id} aria-label={rest['aria-label']} role="group">
      {ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('photos.none')} />
      ) : (
        <ol className="car-photos__list">
          {ids.map((photoId, index) => {
            const { name, url } = photo(photoId);
            return (
              <li key={photoId} className="car-photos__item" data-testid="car-photo">
                <div className="car-photos__image">
                  {url ? <img src={url} alt={name} /> : <div className="car-photos__placeholder" />}
                  {index === 0 && <Tag color="blue" className="car-photos__main">{t('photos.main')}</Tag>}
                </div>
                <Typography.Text ellipsis={{ tooltip: name }} className="car-photos__name">{name}</Typography.Text>
                <Space size={2}>
                  <IconButton size="small" icon={<ArrowLeftOutlined aria-hidden />} aria-label={t('photos.earlier', { name })} disabled={index === 0} onClick={() => move(index, -1)} />
                  <IconButton size="small" icon={<ArrowRightOutlined aria-hidden />} aria-label={t('photos.later', { name })} disabled={index === ids.length - 1} onClick={() => move(index, 1)} />
                  <IconButton size="small" danger icon={<CloseOutlined aria-hidden />} aria-label={t('photos.remove', { name })} onClick={() => onChange?.(ids.filter((other) => other !== photoId))} />
                </Space>
              </li>
            );
          })}
        </ol>
      )}
      <Space wrap>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)} disabled={clientId === null || full || !rights.read}>
          {t('photos.add')}
        </Button>
        <Typography.Text type="secondary">{full ? t('photos.full', { max: CAR_PHOTOS_MAX }) : t('photos.count', { count: ids.length, max: CAR_PHOTOS_MAX })}</Typography.Text>
      </Space>
      {open && clientId !== null && (
        <MediaPickerDialog
          clientId={clientId}
          onClose={() => setOpen(false)}
          onPick={(media) => {
            setOpen(false);
            setPicked((previous) => new Map(previous).set(media.id, { name: media.name, url: thumbUrl(media.file.attributes) }));
            if (!ids.includes(media.id)) onChange?.([...ids, media.id]);
          }}
        />
      )}
    </div>
  );
}
