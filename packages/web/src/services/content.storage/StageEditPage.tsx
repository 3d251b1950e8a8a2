import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Col, Form, Result, Row, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { StagePreview } from './StagePreview.tsx';
import { StageStateForm, toFormValues, toInput, type StageFormValues } from './StageStateForm.tsx';
import { StagePublication, StageStatusTag, StageVersions, StageWorkflowBar } from './StageWorkflow.tsx';
import { STAGE_EDIT_PATH, STAGES_PATH, stagePath, useInvalidateStages, useStage, useStageRights, useStageStates, workingStageState, type StageStateRecord } from './stage-api.ts';
import './stages.css';
import { PreviewButton } from '../site-renderer/PreviewButton.tsx';

/** `/data/attributes/buttons/0/link` → ['buttons', 0, 'link'], the form's name of the field. */
const fieldPath = (pointer: string) =>
  pointer
    .replace(/^\/data\/attributes\//, '')
    .split('/')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * /content.storage/stages/{siteId}/{stageId}/{stageStateId?}: one stage's editor. The chosen state
 * (else the newest that is not a kept version) in a form that only a draft can change, its
 * workflow, the versions of the stage, and a live preview at the three sizes.
 */
export default function StageEditPage() {
  const { t } = useTranslation(['content.storage', 'common']);
  const { lang } = useSession();
  const { siteId = '', stageId = '', stageStateId } = useParams();
  const navigate = useNavigate();
  const rights = useStageRights();
  const site = useSite(siteId);
  const stage = useStage(stageId);
  const states = useStageStates(stageId);
  const invalidate = useInvalidateStages();
  const [form] = Form.useForm<StageFormValues>();
  const list = states.data ?? [];
  const state = stageStateId ? list.find((item) => item.id === stageStateId) : workingStageState(list);
  const readOnly = !state || state.attributes.status !== 1 || !rights.change;
  const strict = site.data?.site.attributes.strict_publishing ?? false;
  const clientId = site.data?.site.attributes.client_id ?? null;
  const open = (id: string) => navigate(STAGE_EDIT_PATH(siteId, stageId, id));
  const initial = useMemo(() => (state ? toFormValues(state.attributes) : null), [state]);
  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [initial, form]);
  const watched = Form.useWatch([], { form, preserve: true }) as StageFormValues | undefined;

  const save = useMutation({
    mutationFn: () => api.patch<StageStateRecord>(stagePath(`stage_states/${state!.id}`), { attributes: toInput(form.getFieldsValue(true) as StageFormValues) }),
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      await invalidate();
    },
    onError: (error) => {
      const pointed = isApiError(error) ? error.errors.filter((item) => item.source?.pointer?.startsWith('/data/attributes/')) : [];
      if (pointed.length) form.setFields(pointed.map((item) => ({ name: fieldPath(item.source!.pointer!) as never, errors: [item.title] })));
      notify.error(t('editor.save_failed'), errorTitle(error, lang));
    },
  });

  if (stage.isError || states.isError)
    return (
      <Result
        status={isApiError(stage.error) && stage.error.status === 404 ? '404' : 'error'}
        title={t('editor.load_failed')}
        subTitle={errorTitle(stage.error ?? states.error, lang)}
        extra={<Button onClick={() => navigate(STAGES_PATH(siteId))}>{t('editor.back')}</Button>}
      />
    );
  if (stage.isPending || states.isPending) return <Skeleton active />;
  if (!state)
    return <Result status="404" title={t('editor.state_missing')} extra={<Button onClick={() => navigate(STAGE_EDIT_PATH(siteId, stageId))}>{t('editor.open_working')}</Button>} />;

  return (
    <div className="page stage-editor">
      <PageHeader
        title={stage.data.attributes.name}
        documentTitle={`${stage.data.attributes.name} — ${t('menu:stages')}`}
        subtitle={
          <Space size={6}>
            <StageStatusTag state={state} />
            <span>{state.attributes.name}</span>
          </Space>
        }
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(STAGES_PATH(siteId))}>
            {t('editor.back')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Space orientation="vertical" size="middle" className="stage-editor__main">
            <Card size="small">
              <Space orientation="vertical" className="stage-editor__workflow">
                <StageWorkflowBar state={state} strict={strict} editable={rights.change || rights.publish} onChanged={(next) => open(next.id)} onOpen={open} onDeleted={() => navigate(STAGE_EDIT_PATH(siteId, stageId))} />
                <StagePublication state={state} />
                <PreviewButton kind="stage_states" stateId={state.id} />
                {strict && <Typography.Text type="secondary">{t('states.strict_hint')}</Typography.Text>}
                {readOnly && rights.change && <Alert type="info" showIcon title={t('states.read_only')} />}
              </Space>
            </Card>
            <StageStateForm form={form} siteId={siteId} clientId={clientId} readOnly={readOnly} onSubmit={() => save.mutate()} />
            {!readOnly && (
              <div className="stage-editor__save">
                <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={save.isPending} onClick={() => form.submit()} data-testid="stage-save">
                  {t('common:actions.save')}
                </Button>
              </div>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <Space orientation="vertical" size="middle" className="stage-editor__side">
            <Card size="small" title={t('preview.title')}>
              <StagePreview values={watched ?? initial ?? {}} />
            </Card>
            <Card size="small" title={t('states.versions_title')}>
              <StageVersions states={list} currentId={state.id} onOpen={open} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}
