import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { z } from 'zod';
import { COLLECTION_TYPES, imageUrl, optionalMultiLineText, optionalText, requiredText, VIDEO_RATIOS, VIDEO_TYPES, videoDuration } from '@dp/contracts';
import { useSession } from '../../../app/session.ts';
import { zodRule } from '../../../kit/rules.ts';
import { MediaField, type PickedMedia } from '../../media.storage/MediaPicker.tsx';

/**
 * The fields of a collection block (spec 000 §3 Collection page, Video block): title, order,
 * description, publication date, tags, image with title and alt from the media library, dealer
 * centres, and the video block with its schema.org markup. Used by the page editor (under
 * `collection`) and by the collection page creation (at the top of its form).
 */
type Name = (string | number)[];
type Values = Record<string, any>;

const empty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const text = (value: unknown) => (empty(value) ? null : String(value).trim());
const optional = <T extends z.ZodType>(schema: T) => schema.or(z.literal('')).nullable().optional();

/** The block's image as the form holds it: a library file (its address) and its texts. */
export function imageToForm(image: Values | null | undefined) {
  return { url: image?.url ?? null, file_id: image?.file_id ?? null, title: image?.title ?? null, alt: image?.alt ?? null };
}
export function imageFromForm(image: Values | null | undefined) {
  if (!image || empty(image.url)) return null;
  return { url: String(image.url), file_id: text(image.file_id), title: text(image.title), alt: text(image.alt) };
}

/** The video block as the form holds it (dates as dayjs); no type means no video. */
export function videoToForm(video: Values | null | undefined) {
  if (!video) return { type: null };
  const markup = video.schema_markup ?? {};
  return { ...video, schema_markup: { ...markup, uploadDate: markup.uploadDate ? dayjs(markup.uploadDate) : null } };
}
export function videoFromForm(video: Values | null | undefined) {
  if (!video?.type) return null;
  const markup = video.schema_markup ?? {};
  const filled = ['name', 'description', 'uploadDate', 'duration', 'thumbnail'].some((key) => !empty(markup[key])) || markup.isFamilyFriendly === true;
  return {
    type: video.type,
    url: text(video.url) ?? '',
    poster: text(video.poster),
    ...(video.ratio ? { ratio: video.ratio } : {}),
    schema_markup: filled
      ? {
          name: text(markup.name) ?? '',
          description: text(markup.description),
          uploadDate: markup.uploadDate ? dayjs(markup.uploadDate).toISOString() : null,
          duration: text(markup.duration),
          isFamilyFriendly: !!markup.isFamilyFriendly,
          thumbnail: text(markup.thumbnail),
        }
      : null,
  };
}

/** A form field holding the address of a library file (MediaPicker), telling its owner what was picked. */
function LibraryUrl({ value, onChange, onPicked, clientId, kind = 'image', label, disabled }: { value?: string | null; onChange?: (url: string | null) => void; onPicked?: (media: PickedMedia | null) => void; clientId: number | null; kind?: 'image' | 'video'; label: string; disabled?: boolean }) {
  return (
    <MediaField
      clientId={clientId}
      kind={kind}
      label={label}
      disabled={disabled}
      value={value ? { url: value } : null}
      onChange={(media) => {
        onChange?.(media?.url ?? null);
        onPicked?.(media);
      }}
    />
  );
}

export function CollectionFields({ prefix, clientId, dealers, disabled, withType }: { prefix: Name; clientId: number | null; dealers: { options: { value: number; label: string }[]; isFetching: boolean }; disabled?: boolean; withType?: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const form = Form.useFormInstance();
  const at = (...names: Name) => [...prefix, ...names];
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, () => lang)];
  const videoType = Form.useWatch(at('video', 'type'), form) as string | null | undefined;
  const label = (key: string) => t(`collections.fields.${key}`);
  const videoLabel = (key: string) => t(`collections.video.${key}`);
  return (
    <Row gutter={16} className="collection-fields">
      {withType && (
        <Col xs={24} lg={12}>
          <Form.Item name={at('type')} label={label('type')} required>
            <Select aria-label={label('type')} options={COLLECTION_TYPES.map((type) => ({ value: type, label: t(`collections.types.${type}`) }))} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} lg={withType ? 12 : 24}>
        <Form.Item name={at('title')} label={label('title')} required rules={rule(requiredText(255))}>
          <Input aria-label={label('title')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={at('order')} label={label('order')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={label('order')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={at('publication_date')} label={label('publication_date')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} aria-label={label('publication_date')} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name={at('description')} label={label('description')} rules={rule(optionalMultiLineText(5000))}>
          <Input.TextArea rows={3} aria-label={label('description')} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name={at('tags')} label={label('tags')} extra={t('collections.tags_hint')} rules={rule(z.array(requiredText(50)).max(30).optional())}>
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} aria-label={label('tags')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name={at('image', 'url')} label={label('image')} rules={rule(optional(imageUrl()))}>
          <LibraryUrl clientId={clientId} label={label('image')} disabled={disabled} onPicked={(media) => form.setFieldValue(at('image', 'file_id'), media ? String(media.id) : null)} />
        </Form.Item>
        <Form.Item name={at('image', 'file_id')} hidden>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={14}>
        <Form.Item name={at('image', 'title')} label={label('image_title')} rules={rule(optionalText(255))}>
          <Input aria-label={label('image_title')} />
        </Form.Item>
        <Form.Item name={at('image', 'alt')} label={label('image_alt')} rules={rule(optionalText(255))}>
          <Input aria-label={label('image_alt')} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name={at('dealer_ids')} label={label('dealer_ids')}>
          <Select mode="multiple" allowClear aria-label={label('dealer_ids')} options={dealers.options} loading={dealers.isFetching} optionFilterProp="label" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Divider titlePlacement="start" plain className="collection-video__divider">
          {videoLabel('title')}
        </Divider>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={at('video', 'type')} label={videoLabel('type')} extra={videoType ? undefined : t('collections.video.none_hint')}>
          <Select allowClear placeholder={videoLabel('no_video')} aria-label={videoLabel('type')} options={VIDEO_TYPES.map((type) => ({ value: type, label: t(`collections.video.types.${type}`) }))} />
        </Form.Item>
      </Col>
      {videoType && (
        <>
          <Col xs={24} sm={12}>
            <Form.Item name={at('video', 'ratio')} label={videoLabel('ratio')}>
              <Select allowClear aria-label={videoLabel('ratio')} options={VIDEO_RATIOS.map((ratio) => ({ value: ratio, label: ratio }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            {videoType === 'native' ? (
              <Form.Item name={at('video', 'url')} label={videoLabel('file')} required rules={rule(imageUrl())}>
                <LibraryUrl clientId={clientId} kind="video" label={videoLabel('file')} disabled={disabled} />
              </Form.Item>
            ) : (
              <Form.Item name={at('video', 'url')} label={videoLabel('url')} required rules={rule(imageUrl())} extra={t('collections.video.url_hint')}>
                <Input aria-label={videoLabel('url')} placeholder="https://" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'poster')} label={videoLabel('poster')} rules={rule(optional(imageUrl()))}>
              <LibraryUrl clientId={clientId} label={videoLabel('poster')} disabled={disabled} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Typography.Title level={5} className="collection-video__markup">
              {videoLabel('markup')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{videoLabel('markup_hint')}</Typography.Paragraph>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'schema_markup', 'name')} label={videoLabel('name')} rules={rule(optional(requiredText(255)))}>
              <Input aria-label={videoLabel('name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'schema_markup', 'uploadDate')} label={videoLabel('upload_date')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} aria-label={videoLabel('upload_date')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name={at('video', 'schema_markup', 'description')} label={videoLabel('description')} rules={rule(optionalMultiLineText(2000))}>
              <Input.TextArea rows={2} aria-label={videoLabel('description')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'schema_markup', 'duration')} label={videoLabel('duration')} extra={videoLabel('duration_hint')} rules={rule(optional(videoDuration()))}>
              <Input aria-label={videoLabel('duration')} placeholder="PT1M30S" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'schema_markup', 'isFamilyFriendly')} valuePropName="checked" label={videoLabel('family_friendly')}>
              <Switch aria-label={videoLabel('family_friendly')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={at('video', 'schema_markup', 'thumbnail')} label={videoLabel('thumbnail')} rules={rule(optional(imageUrl()))}>
              <LibraryUrl clientId={clientId} label={videoLabel('thumbnail')} disabled={disabled} />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
