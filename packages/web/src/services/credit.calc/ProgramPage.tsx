import { Alert, Button, Card, Col, Empty, List, Popconfirm, Result, Row, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { hasAnyPermission, hasPermission, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { listPath, recordPath } from '../../kit/useResourceList.ts';
import { PublicationInfo, StatusTag, WorkflowBar } from '../sites.context/content/state-widgets.tsx';
import { stateAction, type StateRecord } from '../sites.context/content/content-api.ts';
import { CalculatorPreview } from './CalculatorPreview.tsx';
import { PROGRAM_STATES, programPath, programStates, programs } from './credit-api.ts';
import './credit.css';

type Row = JsonApiRecord<Record<string, unknown>>;

/** The state to open: the one in the address, else the newest draft, else the current published one. */
function workingState(states: StateRecord[], stateId: string | undefined) {
  if (stateId) return states.find((state) => state.id === stateId);
  return states.find((state) => state.attributes.status !== 3) ?? states.find((state) => !state.attributes.superseded_at) ?? states[0];
}

/**
 * /credit.calc/programs/{programId}/{programStateId?}: a loan programme's conditions, its versions
 * (spec 001 §4: draft, submitted, published) with the shared workflow bar, the open version's terms
 * (a draft only is changed) and the calculator preview of that version.
 */
export default function ProgramPage() {
  const { t } = useTranslation(['credit.calc', 'sites.context', 'common']);
  const { programId = '', programStateId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const permissions = user?.permissions ?? {};
  const program = useQuery({ queryKey: [...queryKeys.resource(programs).all, 'one', programId], enabled: /^\d+$/.test(programId), queryFn: () => api.get<Row>(recordPath(programs, programId)) });
  const statesKey = [...queryKeys.resource(programStates).all, 'program', programId];
  const states = useQuery({
    queryKey: statesKey,
    enabled: /^\d+$/.test(programId),
    queryFn: async () => (await api.fetchAll(listPath(programStates), { 'filter[program_id]': programId, sort: '-id' }, 500)).data as unknown as StateRecord[],
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.resource(programStates).all }), queryClient.invalidateQueries({ queryKey: queryKeys.resource(programs).all })]);
  const open = (id?: string) => navigate(programPath(programId, id));
  const create = useMutation({
    mutationFn: () => api.post<StateRecord>(listPath(programStates), { attributes: { program_id: Number(programId) } }),
    onSuccess: async (state) => {
      notify.success(t('program.created'));
      await refresh();
      open(state.id);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  // A kept version comes back as a new draft (the workflow bar copies the others).
  const restore = useMutation({
    mutationFn: (id: string) => stateAction(PROGRAM_STATES, id, 'restore'),
    onSuccess: async (draft) => {
      notify.success(t('sites.context:states.done.restore'));
      await refresh();
      open(draft.id);
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const canUpdate = hasAnyPermission(permissions, 'credit.calc', programs.permissions.update);
  const canChangeStates = hasPermission(permissions, 'credit.calc', 'program_states.patch');
  const canCreateStates = hasPermission(permissions, 'credit.calc', 'program_states.create');
  const back = (
    <Link to={programs.screen}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{t('program.back')}</Button>
    </Link>
  );
  if (program.isError || !/^\d+$/.test(programId)) {
    return <Result status="404" title={t('program.load_failed')} subTitle={program.error ? errorTitle(program.error) : undefined} extra={back} />;
  }
  if (program.isPending || states.isPending) return <ContentLoader />;
  const list = states.data ?? [];
  const state = workingState(list, programStateId);
  // The platform's programmes are changed by staff only; their versions are not shown to dealers.
  const shared = program.data.attributes.client_id == null && user?.internal !== true;
  return (
    <div className="page credit-page">
      <PageHeader title={t('programs.edit_title', { name: String(program.data.attributes.name) })} extra={back} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless" className="page-card" title={t('program.terms')}>
            <ResourceForm key={program.data.id} resource={programs} record={program.data} readOnly={!canUpdate || shared} onSaved={() => void refresh()} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            variant="borderless"
            className="page-card credit-program__versions"
            title={t('program.versions')}
            extra={
              canCreateStates && !shared ? (
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => create.mutate()} loading={create.isPending} title={t('program.new_version_hint')}>
                  {t('program.new_version')}
                </Button>
              ) : null
            }
          >
            {list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('program.no_versions')} />
            ) : (
              <List
                size="small"
                dataSource={list}
                renderItem={(item) => (
                  <List.Item className={item.id === state?.id ? 'credit-program__current' : undefined} onClick={() => open(item.id)}>
                    <Space wrap>
                      <StatusTag state={item} />
                      <Typography.Link onClick={() => open(item.id)}>{item.attributes.version ? t('program.version_label', { version: item.attributes.version }) : t('program.draft_label', { id: item.id })}</Typography.Link>
                      <Typography.Text type="secondary">{String(item.attributes.interest_rate)} %</Typography.Text>
                      <Typography.Text type="secondary">{formatDateTime(item.attributes.updated_at)}</Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        {state && (
          <Col xs={24}>
            <Card variant="borderless" className="page-card" title={<Space wrap>{t('program_states.edit_title')} <StatusTag state={state} /></Space>}>
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <WorkflowBar
                  kind={PROGRAM_STATES}
                  state={state}
                  strict={false}
                  editable={!shared}
                  publishCode="program_states.publish"
                  changeCode="program_states.patch"
                  onChanged={(next) => {
                    void refresh();
                    open(next.id);
                  }}
                  onOpen={(id) => {
                    void refresh();
                    open(id);
                  }}
                  onDeleted={() => {
                    void refresh();
                    open();
                  }}
                />
                <PublicationInfo state={state} />
                {state.attributes.status !== 1 && <Alert type="info" showIcon title={t('program.read_only')} />}
                {state.attributes.status === 3 && state.attributes.superseded_at && canChangeStates && !shared && (
                  <Popconfirm title={t('sites.context:states.confirm.restore')} okText={t('sites.context:states.actions.restore')} cancelText={t('common:actions.cancel')} onConfirm={() => restore.mutate(state.id)}>
                    <Button icon={<RollbackOutlined aria-hidden />} loading={restore.isPending}>
                      {t('sites.context:states.actions.restore')}
                    </Button>
                  </Popconfirm>
                )}
                <ResourceForm wide key={`${state.id}-${state.attributes.status}`} resource={programStates} record={state as unknown as Row} readOnly={state.attributes.status !== 1 || !canChangeStates || shared} onSaved={() => void refresh()} />
              </Space>
            </Card>
          </Col>
        )}
        <Col xs={24}>
          <CalculatorPreview programIds={[Number(programId)]} programStateId={state?.id} />
        </Col>
      </Row>
    </div>
  );
}
