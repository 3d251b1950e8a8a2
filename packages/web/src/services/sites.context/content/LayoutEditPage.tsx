import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Skeleton, Space, Switch } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, LAYOUT_STATE_CONTENT, layoutResource, requiredText, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { useSite } from '../site-api.ts';
import { contentPath, useInvalidateContent, useRecord, useStates, workingState, type Placed, type StateRecord, useCentralLock } from './content-api.ts';
import { contentFormErrors } from './content-errors.ts';
import { FloorsEditor } from './FloorsEditor.tsx';
import { layoutEditPath } from './LayoutsPage.tsx';
import { PublicationInfo, StateFacts, VersionsPanel, WorkflowBar, CentralLockNotice } from './state-widgets.tsx';
import './content.css';
import { PreviewButton } from '../../site-renderer/PreviewButton.tsx';
import { GuardedForm } from '../../../kit/unsaved.tsx';

type Values = { caption: string; header_floors: Placed[]; footer_floors: Placed[] };

type Layout = { name: string; origin_id: number | null; is_default: boolean };

/** The layout's own name and default mark: they apply at once, not through a version. */
function LayoutSettings({ layout, editable }: { layout: JsonApiRecord<Layout>; editable: boolean }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm<{ name: string; is_default: boolean }>();
  const invalidate = useInvalidateContent();
  useEffect(() => form.setFieldsValue({ name: layout.attributes.name, is_default: layout.attributes.is_default }), [layout, form]);
  const save = useMutation({
    mutationFn: (values: { name: string; is_default: boolean }) => api.patch(contentPath(`layouts/${layout.id}`), { type: 'layouts', id: layout.id, attributes: { name: values.name, is_default: !!values.is_default } }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      const fields = contentFormErrors(error, t);
      if (fields.length) form.setFields(fields as never);
      else notify.error(errorTitle(error));
    },
  });
  return (
    <GuardedForm form={form} layout="vertical" name="layout-settings" initialValues={{ name: layout.attributes.name, is_default: layout.attributes.is_default }} disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)}>
      <Form.Item name="name" label={t('layouts.fields.name')} required rules={[zodRule(requiredText(255), () => lang)]}>
        <Input aria-label={t('layouts.fields.name')} />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" label={t('layouts.fields.is_default')} extra={t('layouts.default_hint')}>
        {/* The default passes to another layout only by marking that one. */}
        <Switch aria-label={t('layouts.fields.is_default')} disabled={!editable || layout.attributes.is_default} />
      </Form.Item>
      {editable && (
        <Button htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
          {t('layouts.save_settings')}
        </Button>
      )}
    </GuardedForm>
  );
}

/**
 * /sites.context/sites/{siteId}/layouts/{layoutId}/{layoutStateId?}: the layout editor: caption,
 * header and footer floors (drag and drop, values per placement), the workflow, publication by
 * time, versions with comparison and restore.
 */
export default function LayoutEditPage() {
  const { siteId = '', layoutId = '', layoutStateId } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const layout = useRecord<Layout>(layoutResource, layoutId);
  const states = useStates('layout_states', layoutId);
  const site = useSite(siteId);
  const invalidate = useInvalidateContent();
  const list = (states.data ?? []) as StateRecord[];
  const state = list.find((row) => row.id === layoutStateId);
  const locked = layout.data?.attributes.origin_id != null;
  const central = useCentralLock(siteId);
  const canChange = hasPermission(user?.permissions ?? {}, 'sites.context', 'layouts.patch') && !locked && !central;
  const editable = canChange && state?.attributes.status === 1;
  useEffect(() => {
    if (state) form.setFieldsValue({ caption: state.attributes.caption, header_floors: (state.attributes.header_floors as Placed[]) ?? [], footer_floors: (state.attributes.footer_floors as Placed[]) ?? [] });
  }, [state, form]);
  const open = (id: string) => navigate(layoutEditPath(siteId, layoutId, id));

  const save = useMutation({
    mutationFn: (values: Values) => api.patch(contentPath(`layout_states/${state!.id}`), { type: 'layout_states', id: state!.id, attributes: values }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      const fields = contentFormErrors(error, t);
      if (fields.length) form.setFields(fields as never);
      notify.error(fields.length ? t('states.form_invalid') : errorTitle(error));
    },
  });
  const addState = useMutation({
    mutationFn: () => api.post<StateRecord>(contentPath('layout_states'), { type: 'layout_states', attributes: { layout_id: Number(layoutId), caption: layout.data!.attributes.name } }),
    onSuccess: async (created) => {
      await invalidate();
      open(created.id);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  if (layout.isError || states.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(layout.error ?? states.error)} />;
  if (layout.isLoading || states.isLoading || !layout.data) return <Skeleton active className="page" />;
  if (!layoutStateId || (!state && list.length)) {
    const working = workingState(list);
    if (working) return <Navigate replace to={layoutEditPath(siteId, layoutId, working.id)} />;
  }

  return (
    <div className="page">
      <PageHeader
        title={layout.data.attributes.name}
        subtitle={t('layouts.editor_subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/sites.context/sites/${siteId}/layouts`)}>
            {t('layouts.back')}
          </Button>
        }
      />
      <CentralLockNotice locked={central} />
      {locked && <Alert type="warning" showIcon className="content-alert" title={t('pages.locked')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {!state ? (
            <Card>
              <Result
                status="info"
                title={t('layouts.no_states')}
                extra={canChange && <Button type="primary" loading={addState.isPending} onClick={() => addState.mutate()}>{t('layouts.first_state')}</Button>}
              />
            </Card>
          ) : (
            <Card
              variant="borderless"
              className="page-card state-editor"
              title={<Space wrap>{t('layouts.state_title')}<PreviewButton kind="layout_states" stateId={state.id} /></Space>}
              extra={editable && <Button type="primary" icon={<SaveOutlined aria-hidden />} onClick={() => form.submit()} loading={save.isPending}>{t('common:actions.save')}</Button>}
            >
              <PublicationInfo state={state} />
              <WorkflowBar kind="layout_states" state={state} strict={!!site.data?.site.attributes.strict_publishing} editable={!locked && !central} changeCode="layouts.patch" publishCode="layouts.publish" onChanged={() => undefined} onOpen={open} onDeleted={() => navigate(layoutEditPath(siteId, layoutId))} />
              {!editable && !locked && !central && <Alert type="info" showIcon className="content-alert" title={t('states.read_only')} />}
              <GuardedForm<Values> form={form} layout="vertical" name="layout-state" disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)}>
                <Form.Item name="caption" label={t('layout_states.fields.caption')} required rules={[zodRule(requiredText(255), () => lang)]}>
                  <Input aria-label={t('layout_states.fields.caption')} />
                </Form.Item>
                <Form.Item name="header_floors" label={t('layout_states.fields.header_floors')}>
                  <FloorsEditor label={t('layout_states.fields.header_floors')} disabled={!editable} buffer clientId={state.attributes.client_id} siteId={state.attributes.site_id} />
                </Form.Item>
                <Form.Item name="footer_floors" label={t('layout_states.fields.footer_floors')}>
                  <FloorsEditor label={t('layout_states.fields.footer_floors')} disabled={!editable} buffer clientId={state.attributes.client_id} siteId={state.attributes.site_id} />
                </Form.Item>
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
            <VersionsPanel kind="layout_states" states={list} currentId={state?.id} fields={LAYOUT_STATE_CONTENT} canRestore={canChange} onOpen={open} />
            <Card size="small" title={t('layouts.settings_title')}>
              <LayoutSettings layout={layout.data} editable={canChange} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}
