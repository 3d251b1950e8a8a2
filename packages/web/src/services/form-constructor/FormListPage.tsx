import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUrlQuery } from '../../kit/useUrlQuery.ts';
import { Button, Card, Empty, Grid, Modal, Popconfirm, Result, Space, Tooltip, Typography } from 'antd';
import { CodeOutlined, CopyOutlined, DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { siteUrl } from '../../app/data.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { formKeys, formsPath, useForms, type FormRecord } from './form-api.ts';
import { editPath } from './FormEditPage.tsx';
import './form-constructor.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

/** The code a page puts where the form should appear (the site's embeddable script). */
export const embedCode = (origin: string, id: string) => `<div id="dp-form-${id}"></div>\n<script src="${origin}/_api/forms/${id}/embed.js" async></script>`;

/**
 * /form-constructor/{siteId} (spec 002 §2): the site's forms with a search by title, who made and
 * changed each and when, and per form: edit, copy, open on the site, the embed code, delete
 * with confirmation.
 */
export default function FormListPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['form-constructor', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const site = useSite(siteId);
  const [params, setParams] = useUrlQuery();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [embed, setEmbed] = useState<FormRecord | null>(null);
  const forms = useForms(siteId, search);
  // On a phone: the title and the actions only, without a sideways scroll.
  const narrow = Grid.useBreakpoint().md === false;
  const permissions = user?.permissions ?? {};
  const canCreate = hasPermission(permissions, 'form-constructor', 'form_constructor.create');
  const canEdit = hasPermission(permissions, 'form-constructor', 'form_constructor.edit');
  const siteAttributes = site.data?.site.attributes;
  const origin = siteAttributes ? siteUrl(siteAttributes) : null;
  const refresh = () => client.invalidateQueries({ queryKey: formKeys.all });

  const copy = useMutation({
    mutationFn: (record: FormRecord) => api.post<FormRecord>(formsPath(`custom_forms/copy/from/${record.id}`)),
    onSuccess: async (record) => {
      notify.success(t('notices.copied', { title: record.attributes.title }));
      await refresh();
    },
    onError: (error) => notify.error(t('notices.copy_failed'), errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: (record: FormRecord) => api.delete(formsPath(`custom_forms/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('notices.deleted'));
      await refresh();
    },
    onError: (error) => notify.error(t('notices.delete_failed'), errorTitle(error, lang)),
  });
  const applySearch = (text: string) => {
    setParams((next) => {
      if (text.trim()) next.set('search', text.trim());
      else next.delete('search');
      return next;
    }, { replace: true });
  };

  const title = t('custom_forms.title');
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(`/form-constructor/${siteId}/create`)}>
      {t('list.create')}
    </Button>
  );
  const who = (name: string | null | undefined, at: string) => (
    <span className="form-list__who">
      {formatDateTime(at)}
      {name ? <Typography.Text type="secondary"> · {name}</Typography.Text> : null}
    </span>
  );
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={siteAttributes?.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void forms.refetch()} loading={forms.isFetching && !forms.isLoading} />
            {createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <SearchInput
          className="form-list__search"
          role="searchbox"
          aria-label={t('custom_forms.filters.search')}
          placeholder={t('custom_forms.filters.search')}
          allowClear
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (!event.target.value) applySearch('');
          }}
          onSearch={applySearch}
        />
        {forms.isError && !forms.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(forms.error, lang)} extra={<Button type="primary" onClick={() => void forms.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<FormRecord>
            rowKey="id"
            size="middle"
            loading={forms.isFetching}
            dataSource={forms.data?.data ?? []}
            pagination={(forms.data?.data.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={narrow ? undefined : { x: 1000 }}
            locale={{
              emptyText: forms.isLoading ? <span /> : search ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.nothing_found', { search })} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')}>{createButton}</Empty>,
            }}
            columns={[
              {
                key: 'title',
                title: t('custom_forms.fields.title'),
                width: narrow ? undefined : 320,
                render: (_: unknown, record) => (
                  <Link className="form-list__title" to={editPath(siteId, record.id)}>
                    {record.attributes.title}
                  </Link>
                ),
              },
              { key: 'fields', title: t('list.fields_count'), width: 110, responsive: ['md' as const], render: (_: unknown, record) => record.attributes.fields.length },
              { key: 'created', title: t('custom_forms.fields.created_at'), width: 200, responsive: ['md' as const], render: (_: unknown, record) => who(record.attributes.created_by_name, record.attributes.created_at) },
              { key: 'updated', title: t('custom_forms.fields.updated_at'), width: 200, responsive: ['md' as const], render: (_: unknown, record) => who(record.attributes.updated_by_name, record.attributes.updated_at) },
              {
                key: 'actions',
                title: t('common:actions.title'),
                width: narrow ? 110 : 200,
                fixed: narrow ? undefined : ('right' as const),
                render: (_: unknown, record) => (
                  <Space size={0} wrap>
                    <Tooltip title={canEdit ? t('list.edit') : t('list.open')}>
                      <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={t('list.edit_named', { title: record.attributes.title })} onClick={() => navigate(editPath(siteId, record.id))} />
                    </Tooltip>
                    {canCreate && (
                      <Tooltip title={t('list.copy')}>
                        <Button type="text" icon={<CopyOutlined aria-hidden />} aria-label={t('list.copy_named', { title: record.attributes.title })} loading={copy.isPending && copy.variables?.id === record.id} onClick={() => copy.mutate(record)} />
                      </Tooltip>
                    )}
                    {origin && (
                      <Tooltip title={t('list.open_on_site')}>
                        <Button type="text" icon={<ExportOutlined aria-hidden />} aria-label={t('list.open_on_site_named', { title: record.attributes.title })} href={`${origin}/_forms/${record.id}`} target="_blank" rel="noopener noreferrer" />
                      </Tooltip>
                    )}
                    {origin && (
                      <Tooltip title={t('list.embed')}>
                        <Button type="text" icon={<CodeOutlined aria-hidden />} aria-label={t('list.embed_named', { title: record.attributes.title })} onClick={() => setEmbed(record)} />
                      </Tooltip>
                    )}
                    {canEdit && (
                      <Popconfirm
                        title={t('list.delete_title')}
                        description={t('list.delete_text', { title: record.attributes.title })}
                        okText={t('common:actions.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common:actions.cancel')}
                        onConfirm={() => remove.mutateAsync(record).catch(() => undefined)}
                      >
                        <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('list.delete_named', { title: record.attributes.title })} />
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Modal open={!!embed} title={t('list.embed_title', { title: embed?.attributes.title ?? '' })} onCancel={() => setEmbed(null)} footer={<Button onClick={() => setEmbed(null)}>{t('list.close')}</Button>}>
        {embed && origin && (
          <>
            <Typography.Paragraph>{t('list.embed_text')}</Typography.Paragraph>
            <pre className="form-embed-code" data-testid="embed-code">{embedCode(origin, embed.id)}</pre>
            <Typography.Paragraph copyable={{ text: embedCode(origin, embed.id), tooltips: [t('list.copy_code'), t('list.copied_code')] }}>{t('list.copy_code')}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </div>
  );
}
