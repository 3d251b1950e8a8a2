import { Alert, Button, Card, Col, ColorPicker, Form, Input, InputNumber, Row, Segmented, Select, Slider, Space, Switch, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  siteGroupRef,
  STAGE_BUTTON_SIZES,
  STAGE_BUTTON_STYLES,
  STAGE_BUTTON_TYPES,
  STAGE_ICON_POSITIONS,
  STAGE_ICONS,
  STAGE_IMAGE_SIZES,
  STAGE_MAX_BUTTONS,
  STAGE_MAX_CARDS,
  STAGE_POSITIONS,
  STAGE_VIDEO_TYPES,
  hasAnyPermission,
  isStageLink,
  isVideoUrl,
  t as messageText,
  translateMessage,
  VIDEO_HOSTS,
  type StageScreen,
} from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, gatewayPath } from '../../kit/api.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { MediaField, type PickedMedia } from '../media.storage/MediaPicker.tsx';
import type { StageButton, StageCard, StageStateAttributes } from './stage-api.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type ImageValue = { file_id: number | null; alt?: string | null; title?: string | null; url?: string | null } | null;
export interface StageFormValues {
  name: string;
  order: number;
  position: 'left' | 'center' | 'right';
  title?: string | null;
  subtitle?: string | null;
  panel: { enabled: boolean; color?: string | null; opacity: number; rounded: boolean };
  colors: { title?: string | null; subtitle?: string | null; background?: string | null; button?: string | null };
  images: Record<StageScreen, ImageValue>;
  disable_webp: boolean;
  video: { type: 'none' | 'youtube' | 'vimeo' | 'rutube' | 'native'; url?: string | null; file_id?: number | null; file_url?: string | null; autoplay: boolean; muted: boolean; loop: boolean };
  buttons: Partial<StageButton>[];
  cards: Partial<StageCard>[];
  group_ids: number[];
  personalization_page_ids: number[];
}

/** The form's values of a stored state. */
export function toFormValues(a: StageStateAttributes): StageFormValues {
  const image = (screen: StageScreen): ImageValue => {
    const value = a.images[screen];
    return value ? { file_id: value.file_id, alt: value.alt, title: value.title, url: value.url } : { file_id: null, alt: null, title: null, url: null };
  };
  return {
    name: a.name,
    order: a.order,
    position: a.position,
    title: a.title,
    subtitle: a.subtitle,
    panel: { enabled: a.panel.enabled ?? false, color: a.panel.color ?? null, opacity: a.panel.opacity ?? 60, rounded: a.panel.rounded ?? true },
    colors: { title: a.colors.title ?? null, subtitle: a.colors.subtitle ?? null, background: a.colors.background ?? null, button: a.colors.button ?? null },
    images: { pc: image('pc'), tablet: image('tablet'), mobile: image('mobile') },
    disable_webp: a.disable_webp,
    video: a.video
      ? { type: a.video.type, url: a.video.type === 'native' ? null : a.video.url, file_id: a.video.file_id, file_url: a.video.type === 'native' ? a.video.url : null, autoplay: a.video.autoplay, muted: a.video.muted, loop: a.video.loop }
      : { type: 'none', url: null, file_id: null, file_url: null, autoplay: true, muted: true, loop: true },
    buttons: a.buttons,
    cards: a.cards,
    group_ids: a.group_ids,
    personalization_page_ids: a.personalization_page_ids,
  };
}

const blank = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value);

/**
 * The contract's checks of a link and a video address in the browser, with its messages, so a
 * wrong value is shown under its field before anything is sent (the server checks the same).
 */
const linkRule = (lang: 'ru' | 'en', typeOf: () => (typeof STAGE_BUTTON_TYPES)[number] | undefined) => ({
  validator: async (_: unknown, value: string | null | undefined) => {
    const type = typeOf() ?? 'link';
    if (value && value.trim() && !isStageLink(type, value.trim())) throw new Error(messageText(`stage_link_${type}`, lang));
  },
});
const videoUrlRule = (lang: 'ru' | 'en', type: keyof typeof VIDEO_HOSTS) => ({
  validator: async (_: unknown, value: string | null | undefined) => {
    if (!value || !value.trim()) throw new Error(messageText('required', lang));
    if (!isVideoUrl(type, value.trim())) throw new Error(messageText('video_url', lang, { hosts: VIDEO_HOSTS[type].join(', ') }));
  },
});

/** What PATCH takes: the images' and video's files by id (the addresses are the server's to set). */
export function toInput(values: StageFormValues) {
  const image = (value: ImageValue) => (value?.file_id ? { file_id: value.file_id, alt: blank(value.alt), title: blank(value.title) } : null);
  const { video } = values;
  return {
    name: values.name,
    order: values.order ?? 0,
    position: values.position,
    title: blank(values.title),
    subtitle: blank(values.subtitle),
    panel: { enabled: !!values.panel.enabled, color: blank(values.panel.color), opacity: values.panel.opacity ?? 60, rounded: values.panel.rounded !== false },
    colors: Object.fromEntries(Object.entries(values.colors ?? {}).map(([key, color]) => [key, blank(color)])),
    images: { pc: image(values.images.pc), tablet: image(values.images.tablet), mobile: image(values.images.mobile) },
    disable_webp: !!values.disable_webp,
    video:
      video.type === 'none'
        ? null
        : video.type === 'native'
          ? { type: 'native', file_id: video.file_id ?? null, autoplay: video.autoplay, muted: video.muted, loop: video.loop }
          : { type: video.type, url: blank(video.url), autoplay: video.autoplay, muted: video.muted, loop: video.loop },
    buttons: (values.buttons ?? []).map((button) => ({
      text: button.text ?? '',
      type: button.type ?? 'link',
      link: button.link ?? '',
      icon: button.icon ?? null,
      icon_position: button.icon_position ?? 'right',
      style: button.style ?? 'primary',
      size: button.size ?? 'medium',
      full_width: !!button.full_width,
    })),
    cards: (values.cards ?? []).map((card) => ({ title: card.title ?? '', text: blank(card.text), link: blank(card.link), icon: card.icon ?? null })),
    group_ids: values.group_ids ?? [],
    personalization_page_ids: values.personalization_page_ids ?? [],
  };
}

/** A colour field: the picker gives #rrggbb, clearing gives none. */
function ColorField({ value, onChange, disabled, label }: { value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean; label: string }) {
  return (
    <ColorPicker
      value={value ?? null}
      allowClear
      showText
      disabledAlpha
      format="hex"
      disabled={disabled}
      aria-label={label}
      onChange={(color) => onChange?.(color.cleared ? null : color.toHexString())}
      onClear={() => onChange?.(null)}
    />
  );
}

/** The pages of the site, for personalization (when the user may read pages). */
function useSitePages(siteId: string) {
  const { user } = useSession();
  const allowed = hasAnyPermission(user?.permissions ?? {}, 'sites.context', ['pages.get_list']);
  const query = useQuery({
    queryKey: ['sites.context', 'pages', 'options', siteId],
    enabled: allowed,
    staleTime: 60_000,
    queryFn: async () => (await api.fetchAll<{ uri: string; caption: string | null }>(gatewayPath('sites.context', 'pages'), { 'filter[site_id]': siteId }, 500)).data,
  });
  return { allowed, options: (query.data ?? []).map((page) => ({ value: Number(page.id), label: page.attributes.caption ? `${page.attributes.caption} (${page.attributes.uri})` : page.attributes.uri })) };
}

/**
 * A library file as a form value (its id, which Form.Item gives and takes); the picked file's
 * address goes beside it through `onPicked`, for the preview.
 */
function LibraryFileInput({ value, onChange, onPicked, url, ...field }: { value?: number | null; onChange?: (id: number | null) => void; onPicked: (media: PickedMedia | null) => void; url: string | null } & Omit<Parameters<typeof MediaField>[0], 'value' | 'onChange'>) {
  return (
    <MediaField
      {...field}
      value={value ? { url } : null}
      onChange={(media) => {
        onPicked(media);
        onChange?.(media?.id ?? null);
      }}
    />
  );
}

const SCREENS: StageScreen[] = ['pc', 'tablet', 'mobile'];
const TARGETS = { pc: 'stage_pc', tablet: 'stage_tablet', mobile: 'stage_mobile' } as const;

/**
 * Every field of a stage state (spec 000 §3): name, order, position, panel, colours, title and
 * subtitle, images for PC, tablet and mobile with alt and title (picked from the library, cropped
 * to the size), disable webp, video, buttons, cards, site groups, personalization pages.
 */
export function StageStateForm({ form, siteId, clientId, readOnly, onSubmit }: { form: FormInstance<StageFormValues>; siteId: string; clientId: number | null; readOnly: boolean; onSubmit: (values: StageFormValues) => void }) {
  const { t } = useTranslation(['content.storage', 'common']);
  const { lang } = useSession();
  const groups = useRefOptions(siteGroupRef);
  const pages = useSitePages(siteId);
  const videoType = Form.useWatch(['video', 'type'], form);
  const panelEnabled = Form.useWatch(['panel', 'enabled'], form);
  const iconOptions = [{ value: null as string | null, label: t('fields.no_icon') }, ...STAGE_ICONS.map((icon) => ({ value: icon as string | null, label: t(`icons.${icon}`) }))];
  // The addresses of picked files are kept beside their ids for the previews only (the server sets the stored ones).
  const imageUrls = {
    pc: Form.useWatch(['images', 'pc', 'url'], { form, preserve: true }) as string | null | undefined,
    tablet: Form.useWatch(['images', 'tablet', 'url'], { form, preserve: true }) as string | null | undefined,
    mobile: Form.useWatch(['images', 'mobile', 'url'], { form, preserve: true }) as string | null | undefined,
  };
  const videoUrl = Form.useWatch(['video', 'file_url'], { form, preserve: true }) as string | null | undefined;
  // Without a mobile image the stage's text overlaps the picture on phones.
  const mobileFile = Form.useWatch(['images', 'mobile', 'file_id'], { form, preserve: true }) as number | null | undefined;

  return (
    <GuardedForm form={form} layout="vertical" disabled={readOnly} onFinish={onSubmit} className="stage-form" scrollToFirstError>
      <Card size="small" title={t('sections.main')}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: translateMessage('required', lang) }]}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="order" label={t('fields.order')} tooltip={t('hints.order')}>
              <InputNumber min={0} max={10000} precision={0} className="stage-form__number" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="title" label={t('fields.title')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="subtitle" label={t('fields.subtitle')}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
        <Form.Item name="position" label={t('fields.position')}>
          <Segmented options={STAGE_POSITIONS.map((value) => ({ value, label: t(`positions.${value}`) }))} />
        </Form.Item>
      </Card>

      <Card size="small" title={t('sections.images')}>
        <Typography.Paragraph type="secondary">{t('hints.images')}</Typography.Paragraph>
        {!mobileFile && <Alert type="warning" showIcon className="stage-form__no-mobile" data-testid="stage-no-mobile" title={t('hints.no_mobile_image')} />}
        <Row gutter={16}>
          {SCREENS.map((screen) => (
            <Col xs={24} md={8} key={screen}>
              <Typography.Text strong>{t(`screens.${screen}`, { width: STAGE_IMAGE_SIZES[screen].width, height: STAGE_IMAGE_SIZES[screen].height })}</Typography.Text>
              <Form.Item name={['images', screen, 'file_id']} className="stage-form__image" data-testid={`stage-image-${screen}`}>
                <LibraryFileInput
                  clientId={clientId}
                  label={t(`screens.${screen}`, { width: STAGE_IMAGE_SIZES[screen].width, height: STAGE_IMAGE_SIZES[screen].height })}
                  url={imageUrls[screen] ?? null}
                  cropTarget={TARGETS[screen]}
                  requiredSize={STAGE_IMAGE_SIZES[screen]}
                  disabled={readOnly}
                  onPicked={(media) => form.setFieldValue(['images', screen, 'url'], media?.url ?? null)}
                />
              </Form.Item>
              <Form.Item name={['images', screen, 'alt']} label={t('fields.alt')}>
                <Input maxLength={255} />
              </Form.Item>
              <Form.Item name={['images', screen, 'title']} label={t('fields.image_title')}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="disable_webp" label={t('fields.disable_webp')} valuePropName="checked" tooltip={t('hints.disable_webp')}>
          <Switch />
        </Form.Item>
      </Card>

      <Card size="small" title={t('sections.video')}>
        <Form.Item name={['video', 'type']} label={t('fields.video_type')}>
          <Select options={['none', ...STAGE_VIDEO_TYPES].map((value) => ({ value, label: t(`video.types.${value}`) }))} />
        </Form.Item>
        {videoType && videoType !== 'none' && videoType !== 'native' && (
          <Form.Item name={['video', 'url']} label={t('fields.video_url')} extra={t(`video.hosts.${videoType}`)} required rules={[videoUrlRule(lang, videoType)]}>
            <Input maxLength={2048} placeholder="https://" />
          </Form.Item>
        )}
        {videoType === 'native' && (
          <Form.Item name={['video', 'file_id']} label={t('fields.video_file')} rules={[{ required: true, message: messageText('required', lang) }]}>
            <LibraryFileInput clientId={clientId} kind="video" label={t('fields.video_file')} disabled={readOnly} url={videoUrl ?? null} onPicked={(media) => form.setFieldValue(['video', 'file_url'], media?.url ?? null)} />
          </Form.Item>
        )}
        {videoType && videoType !== 'none' && (
          <Space wrap size="large">
            {(['autoplay', 'muted', 'loop'] as const).map((flag) => (
              <Form.Item key={flag} name={['video', flag]} label={t(`fields.video_${flag}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            ))}
          </Space>
        )}
      </Card>

      <Card size="small" title={t('sections.look')}>
        <Space wrap size="large" align="start">
          <Form.Item name={['panel', 'enabled']} label={t('fields.panel_enabled')} valuePropName="checked" tooltip={t('hints.panel')}>
            <Switch />
          </Form.Item>
          {panelEnabled && (
            <>
              <Form.Item name={['panel', 'color']} label={t('fields.panel_color')}>
                <ColorField label={t('fields.panel_color')} disabled={readOnly} />
              </Form.Item>
              <Form.Item name={['panel', 'opacity']} label={t('fields.panel_opacity')} className="stage-form__slider">
                <Slider min={0} max={100} />
              </Form.Item>
              <Form.Item name={['panel', 'rounded']} label={t('fields.panel_rounded')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          )}
        </Space>
        <Space wrap size="large">
          {(['title', 'subtitle', 'background', 'button'] as const).map((key) => (
            <Form.Item key={key} name={['colors', key]} label={t(`colors.${key}`)}>
              <ColorField label={t(`colors.${key}`)} disabled={readOnly} />
            </Form.Item>
          ))}
        </Space>
      </Card>

      <Card size="small" title={t('sections.buttons')}>
        <Form.List name="buttons">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" className="stage-form__list">
              {fields.map((field, index) => (
                <Card key={field.key} size="small" type="inner" title={t('buttons.title', { n: index + 1 })} extra={!readOnly && <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('buttons.remove', { n: index + 1 })} onClick={() => remove(field.name)} />}>
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'text']} label={t('buttons.text')} rules={[{ required: true, message: t('buttons.text_required') }]}>
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[field.name, 'type']} label={t('buttons.type')}>
                        <Select options={STAGE_BUTTON_TYPES.map((value) => ({ value, label: t(`buttons.types.${value}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={10}>
                      <Form.Item
                        name={[field.name, 'link']}
                        label={t('buttons.link')}
                        dependencies={[['buttons', field.name, 'type']]}
                        rules={[{ required: true, whitespace: true, message: t('buttons.link_required') }, linkRule(lang, () => form.getFieldValue(['buttons', field.name, 'type']))]}
                      >
                        <Input maxLength={2048} placeholder={t('buttons.link_placeholder')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} md={6}>
                      <Form.Item name={[field.name, 'icon']} label={t('buttons.icon')}>
                        <Select options={iconOptions} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} md={6}>
                      <Form.Item name={[field.name, 'icon_position']} label={t('buttons.icon_position')}>
                        <Select options={STAGE_ICON_POSITIONS.map((value) => ({ value, label: t(`buttons.icon_positions.${value}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} md={6}>
                      <Form.Item name={[field.name, 'style']} label={t('buttons.style')}>
                        <Select options={STAGE_BUTTON_STYLES.map((value) => ({ value, label: t(`buttons.styles.${value}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} md={6}>
                      <Form.Item name={[field.name, 'size']} label={t('buttons.size')}>
                        <Select options={STAGE_BUTTON_SIZES.map((value) => ({ value, label: t(`buttons.sizes.${value}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={24}>
                      <Form.Item name={[field.name, 'full_width']} label={t('buttons.full_width')} valuePropName="checked">
                        <Switch />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              {!readOnly && fields.length < STAGE_MAX_BUTTONS && (
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ text: '', type: 'link', link: '', icon: null, icon_position: 'right', style: 'primary', size: 'medium', full_width: false })}>
                  {t('buttons.add')}
                </Button>
              )}
              {fields.length === 0 && readOnly && <Typography.Text type="secondary">{t('buttons.none')}</Typography.Text>}
            </Space>
          )}
        </Form.List>
      </Card>

      <Card size="small" title={t('sections.cards')}>
        <Form.List name="cards">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" className="stage-form__list">
              {fields.map((field, index) => (
                <Card key={field.key} size="small" type="inner" title={t('cards.title', { n: index + 1 })} extra={!readOnly && <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('cards.remove', { n: index + 1 })} onClick={() => remove(field.name)} />}>
                  <Row gutter={12}>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, 'title']} label={t('cards.heading')} rules={[{ required: true, message: t('cards.heading_required') }]}>
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, 'icon']} label={t('buttons.icon')}>
                        <Select options={iconOptions} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, 'text']} label={t('cards.text')}>
                        <Input.TextArea maxLength={500} rows={2} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, 'link']} label={t('cards.link')} rules={[linkRule(lang, () => 'link')]}>
                        <Input maxLength={2048} placeholder={t('buttons.link_placeholder')} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              {!readOnly && fields.length < STAGE_MAX_CARDS && (
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ title: '', text: null, link: null, icon: null })}>
                  {t('cards.add')}
                </Button>
              )}
              {fields.length === 0 && readOnly && <Typography.Text type="secondary">{t('cards.none')}</Typography.Text>}
            </Space>
          )}
        </Form.List>
      </Card>

      <Card size="small" title={t('sections.audience')}>
        <Form.Item name="group_ids" label={t('fields.group_ids')} tooltip={t('hints.group_ids')}>
          <Select mode="multiple" allowClear options={groups.options} loading={groups.isFetching} disabled={readOnly || !groups.allowed} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="personalization_page_ids" label={t('fields.personalization_page_ids')} tooltip={t('hints.personalization')}>
          <Select mode="multiple" allowClear options={pages.options} disabled={readOnly || !pages.allowed} optionFilterProp="label" />
        </Form.Item>
      </Card>
    </GuardedForm>
  );
}
