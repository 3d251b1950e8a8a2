import { useNavigate, useParams } from 'react-router';
import { Button, Card, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { floorGroupResource, hasPermission, seededText, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { recordPath } from '../../kit/useResourceList.ts';
import { floorGroupKeys } from './floor-api.ts';

const resource = floorGroupResource as unknown as AnyResource;
const GROUPS_PATH = '/floors.storage/groups';

/** /floors.storage/groups/create and /groups/edit/{id}: a floor group on a page of its own. */
export default function FloorGroupEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation(['floors.storage', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const group = useQuery({
    queryKey: floorGroupKeys.detail(id ?? ''),
    enabled: !!id && /^\d+$/.test(id),
    queryFn: ({ signal }) => api.get<JsonApiRecord<Record<string, unknown>>>(recordPath(resource, id!), undefined, signal),
  });
  const mayWrite = !!user?.internal && hasPermission(user.permissions, 'floors.storage', id ? 'floor_groups.patch' : 'floor_groups.create');
  const back = <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(GROUPS_PATH)}>{t('groups.back')}</Button>;
  if (id && group.isError) {
    const missing = isApiError(group.error) && group.error.status === 404;
    return <div className="page"><Result status={missing ? '404' : 'error'} title={missing ? t('groups.not_found') : t('common:load_failed')} subTitle={errorTitle(group.error)} extra={back} /></div>;
  }
  if (id && !group.data) return <div className="page"><Skeleton active /></div>;
  return (
    <div className="page">
      <PageHeader title={id ? seededText(String(group.data!.attributes.name), lang) : t('groups.create_title')} subtitle={mayWrite ? undefined : t('groups.staff_only')} extra={back} />
      <Card variant="borderless" className="page-card">
        <ResourceForm resource={resource} record={group.data ?? null} readOnly={!mayWrite} onSaved={(saved) => navigate(id ? GROUPS_PATH : `/floors.storage/groups/edit/${saved.id}`, { replace: !id })} onCancel={() => navigate(GROUPS_PATH)} />
      </Card>
    </div>
  );
}
