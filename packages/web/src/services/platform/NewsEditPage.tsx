import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Col, DatePicker, Descriptions, Form, Input, Popconfirm, Radio, Result, Row, Segmented, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { hasPermission, NEWS_AUDIENCES, opNewsResource, t as message, type Lang, type NewsAudience } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, fieldOfPointer, isApiError } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule } from '../../kit/rules.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { RichTextPreview } from '../floors.storage/RichTextPreview.tsx';
import { LibraryClientSelect, MediaPickerDialog, type PickedMedia } from '../media.storage/MediaPicker.tsx';
import { NEWS_PATH, newsEditPath, newsPath, useInvalidateNews, useNews, type NewsAttributes, type NewsRecord } from './news-api.ts';
import './news.css';

interface Values {
  title_ru: string;
  title_en?: string | null;
  text_ru: string;
  text_en?: string | null;
  active: boolean;
  period?: [Dayjs | null, Dayjs | null] | null;
  audience: NewsAudience;
  client_ids: number[];
  pinned: boolean;
}

const shape = opNewsResource.create.shape;
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

function initialValues(record: NewsRecord | undefined): Values {
  if (!record) return { title_ru: '', title_en: null, text_ru: '', text_en: null, active: true, period: null, audience: 'all', client_ids: [], pinned: false };
  const a = record.attributes;
  return { ...a, period: a.publish_from || a.publish_to ? [a.publish_from ? dayjs(a.publish_from) : null, a.publish_to ? dayjs(a.publish_to) : null] : null };
}

/** What the form's values send: the period as two moments, empty texts as none. */
function toAttributes(values: Values): Partial<NewsAttributes> {
  const [from, to] = values.period ?? [null, null];
  return {
    title_ru: values.title_ru,
    title_en: emptyToNull(values.title_en),
    text_ru: values.text_ru,
    text_en: emptyToNull(values.text_en),
    active: values.active,
    publish_from: from ? from.toISOString() : null,
    publish_to: to ? to.toISOString() : null,
    audience: values.audience,
    client_ids: values.audience === 'clients' ? values.client_ids : [],
    pinned: values.pinned,
  };
}

/** The text with an image line put where the cursor was, on a line of its own. */
function withImage(text: string, at: number, media: { name: string; url: string }): string {
  const before = text.slice(0, at).replace(/[ \t]+$/, '');
  const after = text.slice(at).replace(/^[ \t]*\n*/, '');
  const line = `![${media.name.replace(/[[\]\n]/g, ' ').trim()}](${media.url})`;
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  return `${before}${lead}${line}\n\n${after}`;
}

/**
 * A news text: the rich text subset typed in a text area, with a preview of what readers will see;
 * an image of the media library (a library chosen by staff, as other platform records pick theirs)
 * goes in as its own line where the cursor is.
 */
function NewsText({ value, onChange, label, id }: { value?: string | null; onChange?: (value: string) => void; label: string; id?: string }) {
  const { t } = useTranslation('platform');
  const { user } = useSession();
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [chosenClient, setChosenClient] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const area = useRef<TextAreaRef>(null);
  const clientId = user?.client?.id ?? chosenClient;
  const insert = (media: PickedMedia) => {
    setPicking(false);
    if (!media.url) return notify.error(t('news.image_no_address'));
    const text = value ?? '';
    const at = area.current?.resizableTextArea?.textArea.selectionEnd ?? text.length;
    onChange?.(withImage(text, at, { name: media.name, url: media.url }));
    setView('edit');
  };
  return (
    <div className="news-text">
      <Space wrap size={[8, 8]} className="news-text__tools">
        <Segmented size="small" value={view} onChange={(next) => setView(next as 'edit' | 'preview')} options={[{ value: 'edit', label: t('news.text_edit') }, { value: 'preview', label: t('news.text_preview') }]} />
        <Button size="small" icon={<PictureOutlined aria-hidden />} disabled={clientId === null} onClick={() => setPicking(true)} data-testid="news-insert-image">
          {t('news.insert_image')}
        </Button>
        {!user?.client && <LibraryClientSelect value={chosenClient} onChange={setChosenClient} placeholder={t('news.image_library')} label={t('news.image_library')} minWidth={220} />}
      </Space>
      {view === 'edit' ? (
        <Input.TextArea ref={area} id={id} rows={8} showCount maxLength={20_000} aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
      ) : (
        <div className="news-text__preview" aria-label={t('news.text_preview')}>
          {value?.trim() ? <RichTextPreview source={value} images /> : <Typography.Text type="secondary">{t('news.text_empty')}</Typography.Text>}
        </div>
      )}
      {picking && clientId !== null && <MediaPickerDialog clientId={clientId} onClose={() => setPicking(false)} onPick={insert} />}
    </div>
  );
}

/**
 * /platform/news/create and /platform/news/edit/{id}: a news item — title and text in Russian and
 * English, activation with an optional period, audience, pin — with who created and changed it.
 */
export default function NewsEditPage() {
  const { id } = useParams();
  const editing = !!id;
  const navigate = useNavigate();
  const { t, i18n } = useTranslation(['platform', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const news = useNews(id);
  const record = news.data;
  const invalidate = useInvalidateNews();
  const clients = useRefOptions(clientRef);
  const [form] = Form.useForm<Values>();
  const initial = useMemo(() => initialValues(record), [record]);
  const audience = Form.useWatch('audience', form) ?? initial.audience;
  const permissions = user?.permissions ?? {};
  const allowed = !!user?.internal && hasPermission(permissions, 'platform', editing ? 'op_news.patch' : 'op_news.create');
  const canDelete = editing && !!user?.internal && hasPermission(permissions, 'platform', 'op_news.patch');

  useEffect(() => {
    form.resetFields();
  }, [initial, form]);

  // The spec's 'Error while saving news: {e}', with field errors shown at their fields.
  const showSaveError = (error: unknown) => {
    notify.error(t('news.save_error', { e: errorTitle(error, lang) }));
    if (!isApiError(error)) return;
    const fields = error.errors.flatMap((entry) => {
      const field = fieldOfPointer(entry.source?.pointer);
      const name = field === 'publish_from' || field === 'publish_to' ? 'period' : field;
      return name ? [{ name, errors: [entry.title] }] : [];
    });
    if (fields.length) form.setFields(fields as never);
  };

  const save = useMutation({
    mutationFn: (attributes: Partial<NewsAttributes>) =>
      editing ? api.patch<NewsRecord>(newsPath(`/${id}`), { type: 'op_news', id, attributes }) : api.post<NewsRecord>(newsPath(), { type: 'op_news', attributes }),
    onSuccess: async (saved) => {
      await invalidate();
      notify.success(t(editing ? 'common:notices.saved' : 'news.created_notice'), saved.attributes.title_ru);
      if (!editing) navigate(newsEditPath(saved.id), { replace: true });
    },
    onError: showSaveError,
  });
  const remove = useMutation({
    mutationFn: () => api.delete(newsPath(`/${id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'), record?.attributes.title_ru);
      await invalidate();
      navigate(NEWS_PATH);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const submit = (values: Values) => {
    const next = toAttributes(values);
    const before = record ? (toAttributes(initial) as Record<string, unknown>) : {};
    const attributes = Object.fromEntries(Object.entries(next).filter(([key, value]) => !editing || !same(value, before[key])));
    if (editing && Object.keys(attributes).length === 0) {
      notify.info(t('common:notices.unchanged'), undefined, 'form-unchanged');
      return Promise.resolve();
    }
    return save.mutateAsync(attributes).then(() => undefined);
  };

  const back = <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(NEWS_PATH)}>{t('news.back')}</Button>;
  if (editing && news.isError) {
    const missing = isApiError(news.error) && news.error.status === 404;
    return <div className="page"><Result status={missing ? '404' : 'error'} title={missing ? t('news.not_found') : t('common:load_failed')} subTitle={errorTitle(news.error, lang)} extra={back} /></div>;
  }
  if (editing && !record) return <div className="page"><Skeleton active paragraph={{ rows: 10 }} /></div>;

  const rule = (field: keyof typeof shape) => [zodRule(shape[field] as never, () => lang)];

  return (
    <div className="page news-edit">
      <PageHeader
        title={editing ? record!.attributes.title_ru : t('news.create_title')}
        subtitle={allowed ? undefined : t('news.staff_only')}
        extra={
          <Space wrap>
            {back}
            {canDelete && (
              <Popconfirm
                title={t('common:delete_confirm.title')}
                description={t('common:delete_confirm.text', { name: record!.attributes.title_ru })}
                okText={t('common:actions.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => remove.mutateAsync().catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>{t('common:actions.delete')}</Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <GuardedForm<Values> form={form} layout="vertical" name="news" initialValues={initial} onFinish={submit} disabled={!allowed || save.isPending} scrollToFirstError>
        <Row gutter={[16, 0]}>
          <Col xs={24} xl={16}>
            <Card variant="borderless" className="page-card" title={t('news.sections.text')}>
              <Form.Item name="title_ru" label={t('op_news.fields.title_ru')} required rules={rule('title_ru')}>
                <Input maxLength={255} aria-label={t('op_news.fields.title_ru')} />
              </Form.Item>
              <Form.Item name="text_ru" label={t('op_news.fields.text_ru')} required rules={rule('text_ru')} extra={t('news.text_hint')}>
                <NewsText label={t('op_news.fields.text_ru')} />
              </Form.Item>
              <Form.Item name="title_en" label={t('op_news.fields.title_en')} rules={rule('title_en')} extra={t('news.english_hint')}>
                <Input maxLength={255} aria-label={t('op_news.fields.title_en')} />
              </Form.Item>
              <Form.Item name="text_en" label={t('op_news.fields.text_en')} rules={rule('text_en')}>
                <NewsText label={t('op_news.fields.text_en')} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card variant="borderless" className="page-card" title={t('news.sections.publication')}>
              <Form.Item name="active" label={t('op_news.fields.active')} valuePropName="checked">
                <Switch aria-label={t('op_news.fields.active')} />
              </Form.Item>
              <Form.Item name="period" label={t('news.period')} extra={t('news.period_hint')}>
                <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} aria-label={t('news.period')} placeholder={[t('op_news.fields.publish_from'), t('op_news.fields.publish_to')]} />
              </Form.Item>
              <Form.Item name="pinned" label={t('op_news.fields.pinned')} valuePropName="checked" extra={t('news.pinned_hint')}>
                <Switch aria-label={t('op_news.fields.pinned')} />
              </Form.Item>
              <Form.Item name="audience" label={t('op_news.fields.audience')}>
                <Radio.Group aria-label={t('op_news.fields.audience')}>
                  <Space orientation="vertical">
                    {NEWS_AUDIENCES.map((value) => <Radio key={value} value={value}>{t(`news.audiences.${value}`)}</Radio>)}
                  </Space>
                </Radio.Group>
              </Form.Item>
              {audience === 'clients' && (
                <Form.Item name="client_ids" label={t('op_news.fields.client_ids')} required rules={[{ required: true, type: 'array', min: 1, message: message('at_least_one_client', lang) }]}>
                  <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} loading={clients.isFetching} aria-label={t('op_news.fields.client_ids')} options={clients.options.map((option) => ({ value: Number(option.value), label: option.label }))} />
                </Form.Item>
              )}
            </Card>
            {editing && (
              <Card variant="borderless" className="page-card" title={t('news.sections.history')}>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('news.created')}>{[formatDateTime(record!.attributes.created_at), record!.attributes.created_by_name].filter(Boolean).join(' · ')}</Descriptions.Item>
                  <Descriptions.Item label={t('news.modified')}>{[formatDateTime(record!.attributes.updated_at), record!.attributes.updated_by_name].filter(Boolean).join(' · ')}</Descriptions.Item>
                </Descriptions>
              </Card>
            )}
          </Col>
        </Row>
        {allowed && (
          <div className="form-actions form-actions--sticky">
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>{editing ? t('common:actions.save') : t('common:actions.create')}</Button>
              <Button onClick={() => navigate(NEWS_PATH)} disabled={false}>{t('common:actions.cancel')}</Button>
            </Space>
          </div>
        )}
      </GuardedForm>
    </div>
  );
}
