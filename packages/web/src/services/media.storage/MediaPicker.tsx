import { useState } from 'react';
import { Button, Empty, Modal, Select, Space, Typography } from 'antd';
import { CloseOutlined, PictureOutlined, ScissorOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CropTarget } from '@dp/contracts';
import { ImageCropper } from './ImageCropper.tsx';
import { MediaLibrary } from './MediaLibrary.tsx';
import type { MediaFile } from './media-api.ts';
import { useClientChoices } from '../sites.context/site-api.ts';
import './media.css';

export interface PickedMedia {
  id: number;
  url: string | null;
  name: string;
  width: number | null;
  height: number | null;
  file: MediaFile;
}

const picked = (file: MediaFile): PickedMedia => ({ id: Number(file.id), url: file.attributes.url, name: file.attributes.name, width: file.attributes.width, height: file.attributes.height, file });

/**
 * The media picker other screens use (stages; collection images; site images): the client's
 * library in a dialog, upload included; with a crop target an image not of exactly that size goes
 * through the cropper at the target's ratio first, and the crop (a new file) is what is picked.
 */
export function MediaPickerDialog({ clientId, kind = 'image', cropTarget, requiredSize, onPick, onClose }: {
  clientId: number;
  kind?: 'image' | 'video';
  cropTarget?: CropTarget | null;
  /** The size the field takes as it is (a stage size); other images are cropped to it. */
  requiredSize?: { width: number; height: number };
  onPick: (media: PickedMedia) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['media.storage', 'common']);
  const [selected, setSelected] = useState<MediaFile | null>(null);
  const [cropping, setCropping] = useState<MediaFile | null>(null);
  // Exactly the size, or a larger image of its ratio with the variant of that size made on upload.
  const fits = (file: MediaFile) =>
    !requiredSize ||
    (file.attributes.width === requiredSize.width && file.attributes.height === requiredSize.height) ||
    (!!cropTarget && file.attributes.variants.some((v) => v.name === cropTarget && v.width === requiredSize.width && v.height === requiredSize.height));
  const confirm = (file: MediaFile) => {
    if (kind === 'image' && cropTarget && !fits(file)) setCropping(file);
    else onPick(picked(file));
  };
  return (
    <Modal
      open
      title={t(kind === 'video' ? 'picker.title_video' : 'picker.title')}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" disabled={!selected} onClick={() => selected && confirm(selected)} data-testid="picker-choose">
            {selected && kind === 'image' && cropTarget && !fits(selected) ? t('picker.crop_and_choose') : t('picker.choose')}
          </Button>
        </Space>
      }
    >
      {requiredSize && <Typography.Paragraph type="secondary">{t('picker.required_size', { width: requiredSize.width, height: requiredSize.height })}</Typography.Paragraph>}
      <MediaLibrary clientId={clientId} mode="pick" kind={kind} selectedId={selected?.id ?? null} onPick={setSelected} />
      {cropping && (
        <ImageCropper
          file={cropping}
          target={cropTarget}
          onCancel={() => setCropping(null)}
          onDone={(cropped) => {
            setCropping(null);
            onPick(picked(cropped));
          }}
        />
      )}
    </Modal>
  );
}

/** A form field holding one library file: its preview, "choose" and "remove". */
export function MediaField({ clientId, value, onChange, kind = 'image', cropTarget, requiredSize, disabled, label }: {
  clientId: number | null;
  value: { url: string | null; name?: string | null } | null;
  onChange: (media: PickedMedia | null) => void;
  kind?: 'image' | 'video';
  cropTarget?: CropTarget | null;
  requiredSize?: { width: number; height: number };
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('media.storage');
  const [open, setOpen] = useState(false);
  const Icon = kind === 'video' ? VideoCameraOutlined : PictureOutlined;
  return (
    <div className="media-field">
      <div className="media-field__preview" aria-label={label}>
        {value?.url && kind === 'image' ? (
          <img src={value.url} alt={label} />
        ) : value?.url ? (
          <video src={value.url} muted preload="metadata" aria-label={label} />
        ) : (
          <Empty image={<Icon aria-hidden />} description={t('picker.none')} />
        )}
      </div>
      <Space wrap>
        <Button icon={kind === 'image' && cropTarget ? <ScissorOutlined aria-hidden /> : <Icon aria-hidden />} onClick={() => setOpen(true)} disabled={disabled || clientId === null}>
          {value ? t('picker.replace') : t('picker.choose_file')}
        </Button>
        {value && (
          <Button icon={<CloseOutlined aria-hidden />} onClick={() => onChange(null)} disabled={disabled}>
            {t('picker.remove')}
          </Button>
        )}
      </Space>
      {open && clientId !== null && (
        <MediaPickerDialog
          clientId={clientId}
          kind={kind}
          cropTarget={cropTarget}
          requiredSize={requiredSize}
          onClose={() => setOpen(false)}
          onPick={(media) => {
            setOpen(false);
            onChange(media);
          }}
        />
      )}
    </div>
  );
}

/**
 * For platform staff acting as no client: whose media library a picker opens (a dealer user's is
 * always its own client's, so this is not shown to them).
 */
export function LibraryClientSelect({ value, onChange, placeholder, label, minWidth = 240 }: { value: number | null; onChange: (client: number) => void; placeholder: string; label: string; minWidth?: number }) {
  const choices = useClientChoices();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={label}
      value={value ?? undefined}
      options={choices.options}
      loading={choices.loading}
      onChange={onChange}
      style={{ minWidth }}
      popupMatchSelectWidth={false}
    />
  );
}
