import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Collapse, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { hasPermission, layoutResource, PAGE_STATE_CONTENT, pageResource, pageUri, requiredText, siteGroupRef, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle, isApiError } from '../../../kit/api.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { useRefOptions } from '../../../kit/useResourceList.ts';
import { useDealerChoices, useSite } from '../site-api.ts';
import { contentPath, useInvalidateContent, useRecord, useSiteRecords, useStates, workingState, type PageAttributes, type StateRecord, useCentralLock } from './content-api.ts';
import { CollectionFields, imageFromForm, imageToForm, videoFromForm, videoToForm } from './CollectionFields.tsx';
import { contentFormErrors } from './content-errors.ts';
import { FloorsEditor } from './FloorsEditor.tsx';
import { PublicationInfo, StateFacts, VersionsPanel, WorkflowBar, CentralLockNotice } from './state-widgets.tsx';
import { pageEditPath } from './pages.ts';
import './content.css';
import { PreviewButton } from '../../site-renderer/PreviewButton.tsx';
import { GuardedForm } from '../../../kit/unsaved.tsx';

type Values = Record<string, any>;

/** The form's values of a page state (dates as dayjs, the collection block behind a switch). */
function toForm(a: StateRecord['attributes']): Values {
  const collection = a.collection as Record<string, any> | null;
  return {
    caption: a.caption,
    order: a.order,
    floors: a.floors ?? [],
    hide_from_menu: a.hide_from_menu,
    menu_header_not_clickable: a.menu_header_not_clickable,
    active_bread_crumbs: a.active_bread_crumbs,
    has_collection: !!collection,
    collection: collection
      ? { ...collection, publication_date: collection.publication_date ? dayjs(collection.publication_date) : null, image: imageToForm(collection.image), video: videoToForm(collection.video) }
      : { type: 'news', order: 0, tags: [], dealer_ids: [], image: imageToForm(null), video: videoToForm(null) },
    seo_properties: a.seo_properties ?? {},
  };
}

const empty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const clean = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, empty(value) ? null : value]));

/** The PATCH attributes of the form (the whole content of the draft). */
function toAttributes(values: Values) {
  const c = values.collection ?? {};
  return {
    caption: values.caption,
    order: values.order ?? 0,
    floors: values.floors ?? [],
    hide_from_menu: !!values.hide_from_menu,
    menu_header_not_clickable: !!values.menu_header_not_clickable,
    active_bread_crumbs: !!values.active_bread_crumbs,
    collection: values.has_collection
      ? {
          type: c.type,
          order: c.order ?? 0,
          title: c.title,
          description: empty(c.description) ? null : c.description,
          publication_date: c.publication_date ? dayjs(c.publication_date).toISOString() : null,
          image: imageFromForm(c.image),
          dealer_ids: c.dealer_ids ?? [],
          tags: c.tags ?? [],
          video: videoFromForm(c.video),
        }
      : null,
    seo_properties: { ...clean(values.seo_properties ?? {}), noindex: !!values.seo_properties?.noindex },
  };
}


function PageSettings({ page, siteId, editable }: { page: JsonApiRecord<PageAttributes>; siteId: string; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm();
  const invalidate = useInvalidateContent();
  const layouts = useSiteRecords<{ name: string; is_default: boolean }>(layoutResource, siteId);
  const groups = useRefOptions(siteGroupRef);
  useEffect(() => form.setFieldsValue({ uri: page.attributes.uri, layout_id: page.attributes.layout_id, group_ids: page.attributes.group_ids }), [page, form]);
  const save = useMutation({
    mutationFn: (values: Values) => {
      const changes = Object.fromEntries(Object.entries(values).filter(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify((page.attributes as unknown as Values)[key] ?? null)));
      if (!Object.keys(changes).length) return Promise.resolve(null);
      return api.patch(contentPath(`pages/${page.id}`), { type: 'pages', id: page.id, attributes: changes });
    },
    onSuccess: async (result) => {
      if (!result) return notify.info(t('common:notices.unchanged'));
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      const errors = contentFormErrors(error, t);
      if (errors.length) form.setFields(errors as never);
      else notify.error(errorTitle(error));
    },
  });
  const defaultLayout = layouts.data?.find((layout) => layout.attributes.is_default)?.attributes.name;
  return (
    <GuardedForm form={form} layout="vertical" name="page-settings" disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)}>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item name="uri" label={t('pages.fields.uri')} rules={[zodRule(pageUri(), () => lang)]} extra={t('pages.uri_children_hint')}>
            <Input aria-label={t('pages.fields.uri')} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="layout_id" label={t('pages.fields.layout_id')} extra={defaultLayout ? t('pages.default_layout', { name: defaultLayout }) : undefined}>
            <Select allowClear aria-label={t('pages.fields.layout_id')} loading={layouts.isLoading} options={(layouts.data ?? []).map((row) => ({ value: Number(row.id), label: row.attributes.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="group_ids" label={t('pages.fields.group_ids')}>
            <Select mode="multiple" allowClear aria-label={t('pages.fields.group_ids')} options={groups.options} loading={groups.isFetching} />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Button htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
          {t('pages.save_settings')}
        </Button>
      )}
    </GuardedForm>
  );
}

/**
 * /sites.context/sites/{siteId}/pages/{pageId}/{pageStateId?}: step 2 of the page creation and the
 * editor of every state: content (caption, order, menu flags, floors, collection block, SEO), the
 * workflow, publication by time, the versions with comparison and restore, the page's settings.
 */
export default function PageEditPage() {
  const { siteId = '', pageId = '', pageStateId } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const page = useRecord<PageAttributes>(pageResource, pageId);
  const states = useStates('page_states', pageId);
  const site = useSite(siteId);
  const dealers = useDealerChoices(site.data?.site.attributes.client_id);
  const invalidate = useInvalidateContent();
  const list = (states.data ?? []) as StateRecord[];
  const state = list.find((row) => row.id === pageStateId);
  const locked = page.data?.attributes.origin_id != null;
  const central = useCentralLock(siteId);
  const canChange = hasPermission(user?.permissions ?? {}, 'sites.context', 'pages.patch') && !locked && !central;
  const editable = canChange && state?.attributes.status === 1;
  const hasCollection = Form.useWatch('has_collection', form) as boolean | undefined;
  // The form is filled again when another state opens or this one changed, not on every refetch.
  const stateVersion = state ? `${state.id}@${state.attributes.updated_at}` : null;
  const initial = useMemo(() => (state ? toForm(state.attributes) : null), [stateVersion]);
  const [sections, setSections] = useState<string[]>([]);
  useEffect(() => {
    if (!initial) return;
    form.resetFields();
    form.setFieldsValue(initial);
    setSections(initial.has_collection ? ['collection'] : []);
  }, [initial, form]);
  /** Opens the folded sections holding a field with an error, so that the error is seen. */
  const openSectionsOf = (names: (string | number)[][]) =>
    setSections((open) => [...new Set([...open, ...names.flatMap((name) => (name[0] === 'collection' ? ['collection'] : name[0] === 'seo_properties' ? ['seo'] : []))])]);

  const save = useMutation({
    mutationFn: (values: Values) => api.patch<StateRecord>(contentPath(`page_states/${state!.id}`), { type: 'page_states', id: state!.id, attributes: toAttributes(values) }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      const errors = contentFormErrors(error, t);
      if (errors.length) {
        form.setFields(errors as never);
        openSectionsOf(errors.map((entry) => entry.name));
      }
      notify.error(errors.length ? t('states.form_invalid') : errorTitle(error));
    },
  });

  if (page.isError || states.isError) {
    return <Result status={isApiError(page.error) && page.error.status === 404 ? '404' : 'error'} title={t('common:load_failed')} subTitle={errorTitle(page.error ?? states.error)} extra={<Button onClick={() => navigate(`/sites.context/sites/${siteId}/pages`)}>{t('pages.back')}</Button>} />;
  }
  if (page.isLoading || states.isLoading || !page.data) return <Skeleton active className="page" />;
  if (!pageStateId || (!state && list.length)) {
    const working = workingState(list);
    if (working) return <Navigate replace to={pageEditPath(siteId, pageId, working.id)} />;
  }
  const a = page.data.attributes;
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, () => lang)];
  const open = (id: string) => navigate(pageEditPath(siteId, pageId, id));

  return (
    <div className="page">
      <PageHeader
        title={state?.attributes.caption ?? a.caption ?? a.uri}
        subtitle={a.uri}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/sites.context/sites/${siteId}/pages`)}>
            {t('pages.back')}
          </Button>
        }
      />
      <CentralLockNotice locked={central} />
      {locked && <Alert type="warning" showIcon className="content-alert" title={t('pages.locked')} description={t('pages.locked_hint')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {!state ? (
            <Card>
              <Result status="info" title={t('pages.no_states')} />
            </Card>
          ) : (
            <Card
              variant="borderless"
              className="page-card state-editor"
              title={<Space wrap>{t('pages.state_title')}<PreviewButton kind="page_states" stateId={state.id} /></Space>}
              extra={
                editable && (
                  <Button type="primary" icon={<SaveOutlined aria-hidden />} onClick={() => form.submit()} loading={save.isPending}>
                    {t('common:actions.save')}
                  </Button>
                )
              }
            >
              <PublicationInfo state={state} />
              <WorkflowBar
                kind="page_states"
                state={state}
                strict={!!site.data?.site.attributes.strict_publishing}
                editable={!locked && !central}
                changeCode="pages.patch"
                publishCode="pages.publish"
                onChanged={() => undefined}
                onOpen={open}
                onDeleted={() => navigate(pageEditPath(siteId, pageId))}
              />
              {!editable && !locked && !central && <Alert type="info" showIcon className="content-alert" title={t('states.read_only')} />}
              <GuardedForm<Values> form={form} layout="vertical" name="page-state" disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)} onFinishFailed={({ errorFields }) => openSectionsOf(errorFields.map((field) => field.name))} scrollToFirstError>
                <Row gutter={16}>
                  <Col xs={24} lg={16}>
                    <Form.Item name="caption" label={t('page_states.fields.caption')} required rules={rule(requiredText(255))}>
                      <Input aria-label={t('page_states.fields.caption')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} lg={8}>
                    <Form.Item name="order" label={t('page_states.fields.order')}>
                      <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={t('page_states.fields.order')} />
                    </Form.Item>
                  </Col>
                </Row>
                <Space wrap size={24} className="state-switches">
                  {(['hide_from_menu', 'menu_header_not_clickable', 'active_bread_crumbs'] as const).map((field) => (
                    <Form.Item key={field} name={field} valuePropName="checked" label={t(`page_states.fields.${field}`)}>
                      <Switch aria-label={t(`page_states.fields.${field}`)} />
                    </Form.Item>
                  ))}
                </Space>
                <Form.Item name="floors" label={t('page_states.fields.floors')}>
                  <FloorsEditor label={t('page_states.fields.floors')} disabled={!editable} buffer clientId={state.attributes.client_id} siteId={state.attributes.site_id} />
                </Form.Item>
                <Collapse
                  className="state-sections"
                  activeKey={sections}
                  onChange={(keys) => setSections(Array.isArray(keys) ? keys : [keys])}
                  items={[
                    {
                      key: 'collection',
                      label: t('page_states.fields.collection'),
                      forceRender: true,
                      children: (
                        <>
                          <Form.Item name="has_collection" valuePropName="checked" label={t('page_states.collection_switch')}>
                            <Switch aria-label={t('page_states.collection_switch')} />
                          </Form.Item>
                          {hasCollection && <CollectionFields prefix={['collection']} clientId={site.data?.site.attributes.client_id ?? null} dealers={dealers} disabled={!editable} withType />}
                        </>
                      ),
                    },
                    {
                      key: 'seo',
                      label: t('page_states.fields.seo_properties'),
                      forceRender: true,
                      children: (
                        <Row gutter={16}>
                          {(['title', 'keywords', 'canonical', 'og_title', 'og_image'] as const).map((field) => (
                            <Col xs={24} lg={12} key={field}>
                              <Form.Item name={['seo_properties', field]} label={t(`page_states.seo.${field}`)}>
                                <Input aria-label={t(`page_states.seo.${field}`)} />
                              </Form.Item>
                            </Col>
                          ))}
                          {(['description', 'og_description'] as const).map((field) => (
                            <Col xs={24} key={field}>
                              <Form.Item name={['seo_properties', field]} label={t(`page_states.seo.${field}`)}>
                                <Input.TextArea rows={2} aria-label={t(`page_states.seo.${field}`)} />
                              </Form.Item>
                            </Col>
                          ))}
                          <Col xs={24}>
                            <Form.Item name={['seo_properties', 'noindex']} valuePropName="checked" label={t('page_states.seo.noindex')}>
                              <Switch aria-label={t('page_states.seo.noindex')} />
                            </Form.Item>
                          </Col>
                        </Row>
                      ),
                    },
                  ]}
                />
              </GuardedForm>
            </Card>
          )}
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {state && (
              <Card size="small" title={t('pages.state_facts')}>
                <StateFacts state={state} />
              </Card>
            )}
            <VersionsPanel kind="page_states" states={list} currentId={state?.id} fields={PAGE_STATE_CONTENT} canRestore={canChange} onOpen={open} />
            <Card size="small" title={t('pages.settings_title')}>
              <Typography.Paragraph type="secondary">{t('pages.settings_hint')}</Typography.Paragraph>
              <PageSettings page={page.data} siteId={siteId} editable={canChange} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}
