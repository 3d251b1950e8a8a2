import { useMemo, useState } from 'react';
import { Button, Empty, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUrlQuery } from '../../kit/useUrlQuery.ts';
import { bodyColorMarkupResource, bodyColorResource, marketingGalleryResource, upholsteryResource, type AnyResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { LibraryClientSelect, MediaPickerDialog } from '../media.storage/MediaPicker.tsx';
import { ImportButton } from './CatalogImportDialog.tsx';
import './colors.css';
import { IconButton } from '../../kit/IconButton.tsx';
import { moveItem } from '../../kit/reorder.ts';

const asResource = (resource: unknown) => resource as AnyResource;

/** The shades of a body colour or an upholstery as small squares, each with its hex value as a tip. */
export function Swatches({ value }: { value: unknown }) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  if (!list.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="color-swatches" aria-label={list.join(', ')}>
      {list.map((hex, index) => (
        <Tooltip key={`${hex}-${index}`} title={hex}>
          <span className="color-swatch" style={{ background: /^#[0-9A-F]{6}$/i.test(hex) ? hex : 'transparent' }} data-hex={hex} />
        </Tooltip>
      ))}
    </span>
  );
}

/** Body colours (spec 001 §2 /cars.catalog/body_colors/) with their markups on a second tab, and both imports. */
export function BodyColorsPage() {
  const { t } = useTranslation('cars.catalog');
  const [params, setParams] = useUrlQuery();
  const tab = params.get('tab') === 'markups' ? 'markups' : 'colors';
  const colors: ResourceListExtrasValue = {
    cellRenderers: { hex: (value) => <Swatches value={value} /> },
    headerExtra: (
      <>
        <ImportButton kind="body_colors" resources={[asResource(bodyColorResource)]} code="body_colors.create" />
        <ImportButton kind="price_body_colors" resources={[asResource(bodyColorMarkupResource)]} code="body_colors.create" />
      </>
    ),
  };
  const markups: ResourceListExtrasValue = {
    headerExtra: <ImportButton kind="price_body_colors" resources={[asResource(bodyColorMarkupResource)]} code="body_colors.create" />,
  };
  // Only the brand filter is kept when switching tabs: paging and sorting are each list's own.
  const switchTab = (next: string) =>
    setParams((previous) => {
      const result = new URLSearchParams();
      const brands = previous.get('brands');
      if (brands) result.set('brands', brands);
      if (next === 'markups') result.set('tab', 'markups');
      return result;
    });
  // The tabs stand under the page's title: the screen is one, its two lists are views of it.
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={switchTab}
      className="body-colors-tabs"
      items={[
        { key: 'colors', label: t('body_colors.tabs.colors') },
        { key: 'markups', label: t('body_colors.tabs.markups') },
      ]}
    />
  );
  return tab === 'markups' ? (
    <ResourceListExtras.Provider key="markups" value={{ ...markups, headerTabs: tabs }}>
      <ResourceListPage resource={asResource(bodyColorMarkupResource)} />
    </ResourceListExtras.Provider>
  ) : (
    <ResourceListExtras.Provider key="colors" value={{ ...colors, headerTabs: tabs }}>
      <ResourceListPage resource={asResource(bodyColorResource)} />
    </ResourceListExtras.Provider>
  );
}

/** Upholsteries (spec 001 §2 /cars.catalog/upholsteries/) with swatches and the import. */
export function UpholsteriesPage() {
  const extras: ResourceListExtrasValue = {
    cellRenderers: { colors: (value) => <Swatches value={value} /> },
    headerExtra: <ImportButton kind="upholsteries" resources={[asResource(upholsteryResource)]} code="upholsteries.create" />,
  };
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={asResource(upholsteryResource)} />
    </ResourceListExtras.Provider>
  );
}

interface GalleryImage {
  id: number;
  name: string;
  url: string | null;
}

/** The first images of a gallery as thumbnails, and how many more it has. */
function Thumbnails({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation('cars.catalog');
  if (!images.length) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = images.slice(0, 5);
  return (
    <span className="gallery-thumbs">
      {shown.map((image) => (image.url ? <img key={image.id} src={image.url} alt={image.name} title={image.name} loading="lazy" /> : <Typography.Text key={image.id}>{image.name}</Typography.Text>))}
      {images.length > shown.length && <Typography.Text type="secondary">{t('marketing_galleries.images.more', { count: images.length - shown.length })}</Typography.Text>}
    </span>
  );
}

/**
 * A gallery's images in the form: picked one by one from the media library (the picker of stages
 * and site images, on the library of the client the user acts as), in order, moved and removed.
 */
function GalleryImagesField({ value, onChange, known, ...rest }: { value?: number[]; onChange?: (value: number[]) => void; known: Map<number, GalleryImage>; 'aria-label'?: string }) {
  const { t } = useTranslation('cars.catalog');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Map<number, GalleryImage>>(new Map());
  const ids = value ?? [];
  // The library of the client the user acts as; platform staff acting as none choose whose.
  const [chosenClient, setChosenClient] = useState<number | null>(null);
  const clientId = user?.client?.id ?? chosenClient;
  const info = (id: number) => picked.get(id) ?? known.get(id) ?? { id, name: `#${id}`, url: null };
  const move = (index: number, by: number) => onChange?.(moveItem(ids, index, by));
  return (
    <div className="gallery-field" aria-label={rest['aria-label']}>
      {ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marketing_galleries.images.none')} />
      ) : (
        <div className="gallery-field__list">
          {ids.map((id, index) => {
            const image = info(id);
            return (
              <div key={id} className="gallery-field__item" data-testid="gallery-image">
                {image.url ? <img src={image.url} alt={image.name} /> : <div className="gallery-field__placeholder" />}
                <Typography.Text ellipsis={{ tooltip: image.name }} className="gallery-field__name">{image.name}</Typography.Text>
                <Space size={2}>
                  <IconButton size="small" icon={<ArrowLeftOutlined aria-hidden />} aria-label={t('marketing_galleries.images.left')} disabled={index === 0} onClick={() => move(index, -1)} />
                  <IconButton size="small" icon={<ArrowRightOutlined aria-hidden />} aria-label={t('marketing_galleries.images.right')} disabled={index === ids.length - 1} onClick={() => move(index, 1)} />
                  <IconButton size="small" danger icon={<CloseOutlined aria-hidden />} aria-label={t('marketing_galleries.images.remove')} onClick={() => onChange?.(ids.filter((other) => other !== id))} />
                </Space>
              </div>
            );
          })}
        </div>
      )}
      <Space wrap>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)} disabled={clientId === null}>
          {t('marketing_galleries.images.add')}
        </Button>
        {!user?.client && <LibraryClientSelect value={chosenClient} onChange={setChosenClient} placeholder={t('marketing_galleries.images.no_client')} label={t('marketing_galleries.images.library')} minWidth={260} />}
      </Space>
      {open && clientId !== null && (
        <MediaPickerDialog
          clientId={clientId}
          onClose={() => setOpen(false)}
          onPick={(media) => {
            setOpen(false);
            setPicked((previous) => new Map(previous).set(media.id, { id: media.id, name: media.name, url: media.url }));
            if (!ids.includes(media.id)) onChange?.([...ids, media.id]);
          }}
        />
      )}
    </div>
  );
}

/** Marketing galleries (spec 001 §2 /cars.catalog/marketing_galleries/): thumbnails in the list, the media picker in the form. */
export function MarketingGalleriesPage() {
  // Images named by the records listed, so that the form shows the thumbnails of a gallery being edited.
  const known = useMemo(() => new Map<number, GalleryImage>(), []);
  const extras: ResourceListExtrasValue = {
    cellRenderers: {
      image_ids: (_value, record) => {
        const images = (record.attributes.images as GalleryImage[] | undefined) ?? [];
        for (const image of images) known.set(image.id, image);
        return <Thumbnails images={images} />;
      },
    },
    formWidgets: { image_ids: (common) => <GalleryImagesField {...common} known={known} /> },
  };
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={asResource(marketingGalleryResource)} />
    </ResourceListExtras.Provider>
  );
}
