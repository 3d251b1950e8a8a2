import { useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Row, Segmented, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import { imageUrl, valueFieldSchema, VIDEO_RATIOS, VIDEO_TYPES, type Lang, type ValueField } from '@dp/contracts';
import { zodRule } from '../../kit/rules.ts';
import { RichTextPreview } from './RichTextPreview.tsx';

type Path = (string | number)[];
// Text areas have fixed rows: antd's autoSize measures through a style attribute, which the CSP refuses.

/** A field's label in the reader's language, with its hint under the control. */
const texts = (field: { label: Record<Lang, string>; hint?: Record<Lang, string> }, lang: Lang) => ({ label: field.label[lang], extra: field.hint?.[lang] });

/** An optional image's address: empty is no image; anything typed must be an image address. */
const optionalImageUrl = () => z.preprocess((value) => (value === '' || value === null ? undefined : value), imageUrl().optional());

/** An image with its title and alt text (contracts imageWithText). */
function ImageFields({ path, field, lang, disabled }: { path: Path; field: ValueField; lang: Lang; disabled?: boolean }) {
  const { t } = useTranslation('floors.storage');
  const url = field.required ? imageUrl() : optionalImageUrl();
  return (
    <Card size="small" title={field.label[lang]} className="values-editor__group">
      <Form.Item name={[...path, field.name, 'url']} label={t('values.image_url')} required={field.required} rules={[zodRule(url, lang)]} extra={t('values.image_url_hint')}>
        <Input disabled={disabled} placeholder="https://… /files/…" aria-label={`${field.label[lang]}: ${t('values.image_url')}`} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name={[...path, field.name, 'title']} label={t('values.image_title')}>
            <Input disabled={disabled} maxLength={255} aria-label={`${field.label[lang]}: ${t('values.image_title')}`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[...path, field.name, 'alt']} label={t('values.image_alt')}>
            <Input disabled={disabled} maxLength={255} aria-label={`${field.label[lang]}: ${t('values.image_alt')}`} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The video block with its schema.org markup (contracts videoBlock). */
function VideoFields({ path, field, lang, disabled }: { path: Path; field: ValueField; lang: Lang; disabled?: boolean }) {
  const { t } = useTranslation('floors.storage');
  const at = (...rest: string[]) => [...path, field.name, ...rest];
  const date = {
    getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
    normalize: (value: Dayjs | null) => (value ? value.format() : null),
  };
  return (
    <Card size="small" title={field.label[lang]} className="values-editor__group">
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name={at('type')} label={t('values.video_type')} required>
            <Select disabled={disabled} options={VIDEO_TYPES.map((type) => ({ value: type, label: t(`values.video_types.${type}`) }))} aria-label={t('values.video_type')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name={at('url')} label={t('values.video_url')} required rules={[zodRule(imageUrl(), lang)]}>
            <Input disabled={disabled} placeholder="https://…" aria-label={t('values.video_url')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name={at('poster')} label={t('values.video_poster')}>
            <Input disabled={disabled} placeholder="https://… /files/…" aria-label={t('values.video_poster')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={at('ratio')} label={t('values.video_ratio')}>
            <Select allowClear disabled={disabled} options={VIDEO_RATIOS.map((ratio) => ({ value: ratio, label: ratio }))} aria-label={t('values.video_ratio')} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t('values.schema_markup')}</Typography.Text>
      <Typography.Paragraph type="secondary" className="values-editor__note">
        {t('values.schema_markup_hint')}
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name={at('schema_markup', 'name')} label={t('values.video_name')}>
            <Input disabled={disabled} maxLength={255} aria-label={t('values.video_name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={at('schema_markup', 'thumbnail')} label={t('values.video_thumbnail')}>
            <Input disabled={disabled} placeholder="https://…" aria-label={t('values.video_thumbnail')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={at('schema_markup', 'description')} label={t('values.video_description')}>
            <Input.TextArea disabled={disabled} rows={2} maxLength={2000} aria-label={t('values.video_description')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name={at('schema_markup', 'uploadDate')} label={t('values.video_upload_date')} {...date}>
            <DatePicker disabled={disabled} showTime format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} aria-label={t('values.video_upload_date')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name={at('schema_markup', 'duration')} label={t('values.video_duration')} extra={t('values.video_duration_hint')}>
            <Input disabled={disabled} placeholder="PT1M30S" aria-label={t('values.video_duration')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name={at('schema_markup', 'isFamilyFriendly')} label={t('values.video_family_friendly')} valuePropName="checked">
            <Switch disabled={disabled} aria-label={t('values.video_family_friendly')} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** Rich text: the safe subset typed in a text area, with a preview of what the site will show. */
function RichTextField({ path, field, lang, disabled }: { path: Path; field: ValueField; lang: Lang; disabled?: boolean }) {
  const { t } = useTranslation('floors.storage');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const form = Form.useFormInstance();
  const name = [...path, field.name];
  const value = Form.useWatch(name, form) as string | undefined;
  return (
    <div className="values-editor__rich">
      <Segmented
        size="small"
        value={view}
        onChange={(next) => setView(next as 'edit' | 'preview')}
        options={[
          { value: 'edit', label: t('values.rich_edit') },
          { value: 'preview', label: t('values.rich_preview') },
        ]}
        className="values-editor__rich-switch"
      />
      <Form.Item name={name} {...texts(field, lang)} required={field.required} rules={[zodRule(valueFieldSchema(field), lang)]} hidden={view === 'preview'}>
        <Input.TextArea disabled={disabled} rows={8} aria-label={field.label[lang]} />
      </Form.Item>
      {view === 'preview' && (
        <div className="values-editor__preview" aria-label={t('values.rich_preview')}>
          {value?.trim() ? <RichTextPreview source={value} /> : <Typography.Text type="secondary">{t('values.rich_empty')}</Typography.Text>}
        </div>
      )}
    </div>
  );
}

/** One value field of a component, by its kind; lists and groups hold further fields. */
function ValueInput({ path, field, lang, disabled }: { path: Path; field: ValueField; lang: Lang; disabled?: boolean }) {
  const name = [...path, field.name];
  const common = { name, ...texts(field, lang), required: field.required && field.kind !== 'boolean' };
  const rules = [zodRule(valueFieldSchema(field), lang)];
  const aria = { 'aria-label': field.label[lang], disabled };
  // A value chosen from a site's records (its constructor forms): a library floor belongs to no site, so it is picked where the floor is placed.
  if (field.source) return <Form.Item label={field.label[lang]}><Typography.Text type="secondary">{field.hint?.[lang]}</Typography.Text></Form.Item>;
  switch (field.kind) {
    case 'text':
      return <Form.Item {...common} rules={rules}><Input {...aria} maxLength={field.max} /></Form.Item>;
    case 'multiline':
      return <Form.Item {...common} rules={rules}><Input.TextArea {...aria} rows={3} maxLength={field.max} /></Form.Item>;
    case 'link':
      return <Form.Item {...common} rules={rules}><Input {...aria} placeholder="/page, https://…, tel:, mailto:" /></Form.Item>;
    case 'phone':
      return <Form.Item {...common} rules={rules}><Input {...aria} type="tel" placeholder="+7 (999) 123-45-67" /></Form.Item>;
    case 'email':
      return <Form.Item {...common} rules={rules}><Input {...aria} type="email" /></Form.Item>;
    case 'number':
      return <Form.Item {...common} rules={rules}><InputNumber {...aria} min={field.min} max={field.max} precision={0} style={{ width: 160 }} /></Form.Item>;
    case 'boolean':
      return <Form.Item {...common} valuePropName="checked"><Switch {...aria} /></Form.Item>;
    case 'select':
      return (
        <Form.Item {...common} rules={rules}>
          <Select {...aria} allowClear={!field.required} options={field.options.map((option) => ({ value: option.value, label: option.label[lang] }))} />
        </Form.Item>
      );
    case 'rich_text':
      return <RichTextField path={path} field={field} lang={lang} disabled={disabled} />;
    case 'image':
      return <ImageFields path={path} field={field} lang={lang} disabled={disabled} />;
    case 'video':
      return <VideoFields path={path} field={field} lang={lang} disabled={disabled} />;
    case 'group':
      return (
        <Card size="small" title={field.label[lang]} className="values-editor__group">
          {field.fields.map((inner) => <ValueInput key={inner.name} path={name} field={inner} lang={lang} disabled={disabled} />)}
        </Card>
      );
    case 'list':
      return <ListField path={path} field={field} lang={lang} disabled={disabled} />;
  }
}

/** A list of items (cards, buttons, phones …): add up to its maximum, remove, move up and down. */
function ListField({ path, field, lang, disabled }: { path: Path; field: Extract<ValueField, { kind: 'list' }>; lang: Lang; disabled?: boolean }) {
  const { t } = useTranslation('floors.storage');
  return (
    <Form.List name={[...path, field.name]}>
      {(items, { add, remove, move }, { errors }) => (
        <div className="values-editor__list" role="group" aria-label={field.label[lang]}>
          <div className="values-editor__list-head">
            <Typography.Text strong>
              {field.label[lang]}
              {field.required ? <span className="values-editor__required" aria-hidden> *</span> : null}
            </Typography.Text>
            <Typography.Text type="secondary">{t('values.count', { count: items.length, max: field.max })}</Typography.Text>
          </div>
          {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('values.list_empty')} className="values-editor__list-empty" />}
          {items.map((item, index) => (
            <Card
              key={item.key}
              size="small"
              className="values-editor__item"
              title={`${field.itemLabel[lang]} ${index + 1}`}
              extra={
                <Space size={0}>
                  <Tooltip title={t('values.move_up')}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden />} aria-label={`${t('values.move_up')}: ${field.itemLabel[lang]} ${index + 1}`} disabled={disabled || index === 0} onClick={() => move(index, index - 1)} />
                  </Tooltip>
                  <Tooltip title={t('values.move_down')}>
                    <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden />} aria-label={`${t('values.move_down')}: ${field.itemLabel[lang]} ${index + 1}`} disabled={disabled || index === items.length - 1} onClick={() => move(index, index + 1)} />
                  </Tooltip>
                  <Tooltip title={t('values.remove')}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('values.remove')}: ${field.itemLabel[lang]} ${index + 1}`} disabled={disabled} onClick={() => remove(index)} />
                  </Tooltip>
                </Space>
              }
            >
              {field.item.map((inner) => <ValueInput key={inner.name} path={[item.name]} field={inner} lang={lang} disabled={disabled} />)}
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" block icon={<PlusOutlined aria-hidden />} disabled={disabled || items.length >= field.max} onClick={() => add({})}>
            {t('values.add', { item: field.itemLabel[lang].toLowerCase() })}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * The form of a component's values, built from its declaration (contracts components.ts): one
 * control per field, lists of items and groups nested, rules of the same schema the server checks.
 * It lives inside the floor's form under `values` (or any other name), so a page editor can reuse
 * it for the values a floor takes in one place.
 */
export function ComponentValuesEditor({ fields, lang, disabled, name = ['values'] }: { fields: ValueField[]; lang: Lang; disabled?: boolean; name?: Path }) {
  const { t } = useTranslation('floors.storage');
  if (!fields.length) return <Typography.Text type="secondary">{t('values.none')}</Typography.Text>;
  return (
    <div className="values-editor">
      {fields.map((field) => <ValueInput key={field.name} path={name} field={field} lang={lang} disabled={disabled} />)}
    </div>
  );
}
