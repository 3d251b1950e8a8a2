import { useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Pagination, Popconfirm, Result, Segmented, Select, Space, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined, PlusOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_STATES, suggestionCreateBody, t as message, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, fieldOfPointer, isApiError } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule } from '../../kit/rules.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';
import { suggestionPath, useInvalidateSuggestions, useResponses, useSuggestions, type SuggestionRecord } from './suggestions-api.ts';
import './news.css';

const fields = suggestionCreateBody.shape.data.shape;
const STATE_COLORS = { new: 'default', active: 'blue', done: 'green' } as const;
const PAGE_SIZE = 20;

/** A suggestion's answers, and for staff a box to answer. */
function Responses({ suggestion, staff }: { suggestion: SuggestionRecord; staff: boolean }) {
  const { t, i18n } = useTranslation(['platform', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const responses = useResponses(suggestion.id, true);
  const invalidate = useInvalidateSuggestions();
  const [form] = Form.useForm<{ text: string }>();
  const answer = useMutation({
    mutationFn: (text: string) => api.post(suggestionPath(`/${suggestion.id}/responses`), { text }),
    onSuccess: async () => {
      form.resetFields();
      await Promise.all([invalidate(), responses.refetch()]);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  return (
    <div className="suggestion__responses">
      <List
        size="small"
        loading={responses.isLoading}
        locale={{ emptyText: t('suggestions.no_responses') }}
        dataSource={responses.data ?? []}
        renderItem={(entry) => (
          <List.Item>
            <Space orientation="vertical" size={0}>
              <Typography.Text type="secondary">{[entry.attributes.author_name, formatDateTime(entry.attributes.created_at)].filter(Boolean).join(' · ')}</Typography.Text>
              <Typography.Paragraph className="suggestion__text">{entry.attributes.text}</Typography.Paragraph>
            </Space>
          </List.Item>
        )}
      />
      {staff && (
        <GuardedForm<{ text: string }> form={form} layout="vertical" onFinish={(values) => answer.mutateAsync(values.text).then(() => undefined)} disabled={answer.isPending}>
          <Form.Item name="text" label={t('suggestions.answer')} rules={[zodRule(fields.text, () => lang)]}>
            <Input.TextArea rows={2} maxLength={5000} aria-label={t('suggestions.answer')} />
          </Form.Item>
          <Button htmlType="submit" loading={answer.isPending}>{t('suggestions.send_answer')}</Button>
        </GuardedForm>
      )}
    </div>
  );
}

/** One suggestion: its state, author, likes, staff's actions and the answers thread. */
function SuggestionItem({ suggestion, staff }: { suggestion: SuggestionRecord; staff: boolean }) {
  const { t, i18n } = useTranslation(['platform', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const invalidate = useInvalidateSuggestions();
  const [open, setOpen] = useState(false);
  const a = suggestion.attributes;
  const call = useMutation({
    mutationFn: ({ method, action }: { method: 'POST' | 'DELETE'; action: string }) => api.call(method, suggestionPath(`/${suggestion.id}${action}`)),
    onSuccess: () => invalidate(),
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(suggestionPath(`/${suggestion.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'), a.title);
      await invalidate();
    },
    // The spec's 'Error occurred while deleting suggestion: {e}'.
    onError: (error) => notify.error(t('suggestions.delete_error', { e: errorTitle(error, lang) })),
  });
  const mayChange = staff || (a.mine && a.state === 'new');
  const likeLabel = a.liked ? t('suggestions.unlike') : t('suggestions.like');

  return (
    <List.Item className="suggestion" data-testid="suggestion">
      <div className="home-news__head">
        <Space size={6} wrap>
          <Typography.Text strong>{a.title}</Typography.Text>
          <Tag color={STATE_COLORS[a.state]}>{t(`suggestions.states.${a.state}`)}</Tag>
          {a.mine && <Tag>{t('suggestions.mine')}</Tag>}
        </Space>
        <Typography.Text type="secondary">{[a.author_name, formatDateTime(a.created_at)].filter(Boolean).join(' · ')}</Typography.Text>
      </div>
      <Typography.Paragraph className="suggestion__text">{a.text}</Typography.Paragraph>
      <Space wrap size={[8, 8]}>
        <Button
          icon={a.liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
          type={a.liked ? 'primary' : 'default'}
          ghost={a.liked}
          disabled={a.state !== 'active'}
          loading={call.isPending && call.variables?.action === '/like'}
          aria-label={`${likeLabel}: ${a.likes}`}
          aria-pressed={a.liked}
          onClick={() => call.mutate({ method: a.liked ? 'DELETE' : 'POST', action: '/like' })}
        >
          {a.likes}
        </Button>
        <Button icon={<MessageOutlined aria-hidden />} onClick={() => setOpen(!open)} aria-expanded={open}>
          {t('suggestions.responses', { count: a.responses })}
        </Button>
        {staff && a.state === 'new' && (
          <Button icon={<ThunderboltOutlined aria-hidden />} onClick={() => call.mutate({ method: 'POST', action: '/activate' })} loading={call.isPending && call.variables?.action === '/activate'}>
            {t('suggestions.activate')}
          </Button>
        )}
        {staff && a.state === 'active' && (
          <Popconfirm title={t('suggestions.done_confirm')} okText={t('suggestions.done')} cancelText={t('common:actions.cancel')} onConfirm={() => call.mutateAsync({ method: 'POST', action: '/done' }).catch(() => undefined)}>
            <Button icon={<CheckOutlined aria-hidden />} loading={call.isPending && call.variables?.action === '/done'}>{t('suggestions.done')}</Button>
          </Popconfirm>
        )}
        {mayChange && (
          <Popconfirm
            title={t('common:delete_confirm.title')}
            description={t('common:delete_confirm.text', { name: a.title })}
            okText={t('common:actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          >
            <IconButton danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending} aria-label={`${t('common:actions.delete')}: ${a.title}`} />
          </Popconfirm>
        )}
      </Space>
      {open && <Responses suggestion={suggestion} staff={staff} />}
    </List.Item>
  );
}

/** The form of a new suggestion, in a dialog that asks before closing over typed text. */
function ProposeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['platform', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const invalidate = useInvalidateSuggestions();
  const [form] = Form.useForm<{ title: string; text: string }>();
  const [dirty, setDirty] = useState(false);
  const propose = useMutation({
    mutationFn: (values: { title: string; text: string }) => api.post(suggestionPath(), values),
    onSuccess: async () => {
      notify.success(t('suggestions.proposed'));
      form.resetFields();
      setDirty(false);
      onClose();
      await invalidate();
    },
    onError: (error) => {
      notify.error(errorTitle(error, lang));
      if (isApiError(error)) form.setFields(error.errors.flatMap((entry) => (fieldOfPointer(entry.source?.pointer) ? [{ name: fieldOfPointer(entry.source?.pointer)!, errors: [entry.title] }] : [])) as never);
    },
  });
  return (
    <FormModal open={open} unsaved={dirty} title={t('suggestions.propose_title')} onCancel={onClose} okText={t('suggestions.propose')} cancelText={t('common:actions.cancel')} onOk={() => form.submit()} confirmLoading={propose.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="suggestion" onValuesChange={() => setDirty(true)} onFinish={(values) => propose.mutate(values)}>
        <Form.Item name="title" label={t('suggestions.title_field')} required rules={[zodRule(fields.title, () => lang)]}>
          <Input maxLength={255} aria-label={t('suggestions.title_field')} />
        </Form.Item>
        <Form.Item name="text" label={t('suggestions.text_field')} required rules={[zodRule(fields.text, () => lang)]} extra={t('suggestions.text_hint')}>
          <Input.TextArea rows={5} maxLength={5000} showCount aria-label={t('suggestions.text_field')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * /platform/suggestions: the suggestions board — propose an improvement, like the active ones once,
 * read staff's answers; staff activate, answer and mark done. Sorted by likes or date, filtered by
 * state, searched.
 */
export default function SuggestionsPage() {
  const { t } = useTranslation(['platform', 'common']);
  const { user } = useSession();
  const staff = !!user?.internal;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<'-likes' | '-created_at'>('-likes');
  const [state, setState] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [proposing, setProposing] = useState(false);
  const list = useSuggestions({ page, size: PAGE_SIZE, sort, state, search: search || undefined });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.page.total ?? 0;
  const filtered = !!state || !!search;
  const proposeButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setProposing(true)}>{t('suggestions.propose')}</Button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('suggestions.title')}
        subtitle={t('suggestions.subtitle')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
            {proposeButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput allowClear value={typed} placeholder={t('suggestions.search')} aria-label={t('suggestions.search')} onChange={(event) => setTyped(event.target.value)} onSearch={(value) => { setSearch(value.trim()); setPage(1); }} style={{ width: 280 }} />
          <Select allowClear placeholder={t('suggestions.state')} aria-label={t('suggestions.state')} value={state} onChange={(value) => { setState(value); setPage(1); }} options={SUGGESTION_STATES.map((value) => ({ value, label: t(`suggestions.states.${value}`) }))} style={{ minWidth: 170 }} />
          <Segmented value={sort} onChange={(value) => { setSort(value as typeof sort); setPage(1); }} options={[{ value: '-likes', label: t('suggestions.by_likes') }, { value: '-created_at', label: t('suggestions.by_date') }]} aria-label={t('suggestions.sort')} />
        </Space>
        {list.isError && !list.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error)} extra={<Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : !list.isLoading && rows.length === 0 ? (
          filtered ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
              <Button onClick={() => { setState(undefined); setSearch(''); setTyped(''); }}>{t('common:actions.reset_filters')}</Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('suggestions.empty')}>{proposeButton}</Empty>
          )
        ) : (
          <>
            <List loading={list.isFetching} dataSource={rows} renderItem={(row) => <SuggestionItem key={row.id} suggestion={row} staff={staff} />} />
            {total > PAGE_SIZE && <Pagination className="suggestions__pages" current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} showSizeChanger={false} />}
          </>
        )}
      </Card>
      <ProposeDialog open={proposing} onClose={() => setProposing(false)} />
    </div>
  );
}
