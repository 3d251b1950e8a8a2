import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, LAYOUT_STATE_CONTENT, layoutResource, requiredText } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { useSite } from '../site-api.ts';
import { contentPath, useInvalidateContent, useRecord, useStates, workingState, type Placed, type StateRecord } from './content-api.ts';
import { FloorsEditor } from './FloorsEditor.tsx';
import { layoutEditPath } from './LayoutsPage.tsx';
import { PublicationInfo, StateFacts, VersionsPanel, WorkflowBar } from './state-widgets.tsx';
import './content.css';

type Values = { caption: string; header_floors: Placed[]; footer_floors: Placed[] };

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
  const layout = useRecord<{ name: string; origin_id: number | null; is_default: boolean }>(layoutResource, layoutId);
  const states = useStates('layout_states', layoutId);
  const site = useSite(siteId);
  const invalidate = useInvalidateContent();
  const list = (states.data ?? []) as StateRecord[];
  const state = list.find((row) => row.id === layoutStateId);
  const locked = layout.data?.attributes.origin_id != null;
  const canChange = hasPermission(user?.permissions ?? {}, 'sites.context', 'layouts.patch') && !locked;
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
    onError: (error) => notify.error(errorTitle(error)),
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
              title={t('layouts.state_title')}
              extra={editable && <Button type="primary" icon={<SaveOutlined aria-hidden />} onClick={() => form.submit()} loading={save.isPending}>{t('common:actions.save')}</Button>}
            >
              <PublicationInfo state={state} />
              <WorkflowBar kind="layout_states" state={state} strict={!!site.data?.site.attributes.strict_publishing} editable={!locked} changeCode="layouts.patch" publishCode="layouts.publish" onChanged={() => undefined} onOpen={open} onDeleted={() => navigate(layoutEditPath(siteId, layoutId))} />
              {!editable && !locked && <Alert type="info" showIcon className="content-alert" title={t('states.read_only')} />}
              <Form<Values> form={form} layout="vertical" name="layout-state" disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)}>
                <Form.Item name="caption" label={t('layout_states.fields.caption')} required rules={[zodRule(requiredText(255), () => lang)]}>
                  <Input aria-label={t('layout_states.fields.caption')} />
                </Form.Item>
                <Form.Item name="header_floors" label={t('layout_states.fields.header_floors')}>
                  <FloorsEditor label={t('layout_states.fields.header_floors')} disabled={!editable} />
                </Form.Item>
                <Form.Item name="footer_floors" label={t('layout_states.fields.footer_floors')}>
                  <FloorsEditor label={t('layout_states.fields.footer_floors')} disabled={!editable} />
                </Form.Item>
              </Form>
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
          </Space>
        </Col>
      </Row>
    </div>
  );
}
