import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { ApartmentOutlined, ArrowLeftOutlined, CustomerServiceOutlined, IdcardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentSite } from '../../app/data.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { dealershipResource, dealershipServiceResource, departmentResource, employeeResource, type AnyResource, type WorkSchedule } from '@dp/contracts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { AvatarField, DepartmentScheduleField, PhoneInput, RatingInput, ScheduleEditor, StatusSelect, phoneCell, scheduleSummary } from './dealership-widgets.tsx';
import { EmployeeImportButton } from './EmployeeImportDialog.tsx';
import './dealerships.css';

/**
 * The dealerships screens (spec 001 §2 /dealerships): the dealers list with its create and edit
 * pages (the weekly schedule editor among the fields), departments, employees and services, each
 * list filtered by dealership (`?dealership_id=`).
 */
const asResource = (resource: unknown) => resource as AnyResource;
const dealerships = asResource(dealershipResource);
const departments = asResource(departmentResource);
const employees = asResource(employeeResource);
const services = asResource(dealershipServiceResource);

const editPath = (id: string) => `/dealerships/dealer/edit/${id}`;

function useDealershipExtras(): ResourceListExtrasValue {
  return useMemo(
    () => ({
      formWidgets: {
        phone: (common) => <PhoneInput {...common} />,
        rating: (common) => <RatingInput {...common} />,
        status: (common) => <StatusSelect {...common} />,
        working_time: (common) => <ScheduleEditor {...common} />,
      },
    }),
    [],
  );
}

export function DealersPage() {
  const extras = useDealershipExtras();
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={dealerships} detailPath={(record) => editPath(record.id)} />
    </ResourceListExtras.Provider>
  );
}

/** /dealerships/dealer/create: the whole form on a page; after saving, the dealership's own page. */
export function DealerCreatePage() {
  const { t } = useTranslation(['dealerships', 'common']);
  const navigate = useNavigate();
  const extras = useDealershipExtras();
  return (
    <div className="page">
      <PageHeader
        title={t('dealerships.create_title')}
        extra={
          <Link to={dealerships.screen}>
            <Button icon={<ArrowLeftOutlined aria-hidden />}>{t('dealerships.title')}</Button>
          </Link>
        }
      />
      <Card variant="borderless" className="page-card">
        <ResourceListExtras.Provider value={extras}>
          <ResourceForm resource={dealerships} wide onSaved={(record) => navigate(editPath(record.id))} onCancel={() => navigate(dealerships.screen)} />
        </ResourceListExtras.Provider>
      </Card>
    </div>
  );
}

/** Links to the dealership's departments, employees and services. */
function RelatedLists({ id }: { id: string }) {
  const { t } = useTranslation(['dealerships']);
  const links = [
    { to: `/dealerships/departments?dealership_id=${id}`, icon: <ApartmentOutlined aria-hidden />, label: t('departments.title') },
    { to: `/dealerships/employees?dealership_id=${id}`, icon: <IdcardOutlined aria-hidden />, label: t('employees.title') },
    { to: `/dealerships/services?dealership_id=${id}`, icon: <CustomerServiceOutlined aria-hidden />, label: t('services.title') },
  ];
  return (
    <Space orientation="vertical">
      <Typography.Text type="secondary">{t('dealerships.related_hint')}</Typography.Text>
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          <Button icon={link.icon}>{link.label}</Button>
        </Link>
      ))}
    </Space>
  );
}

/** /dealerships/dealer/edit/{id}: the form, the history and the dealership's related lists. */
export function DealerEditPage() {
  const { t } = useTranslation(['dealerships']);
  const extras = useDealershipExtras();
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceDetailPage resource={dealerships} param="id" tabs={(record) => [{ key: 'related', label: t('dealerships.related'), children: <RelatedLists id={record.id} /> }]} />
    </ResourceListExtras.Provider>
  );
}

export function DepartmentsPage() {
  const { t } = useTranslation('dealerships');
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      formWidgets: {
        phone: (common) => <PhoneInput {...common} />,
        work_schedule: (common) => <DepartmentScheduleField {...common} />,
      },
      headerExtra: <EmployeeImportButton />,
      cellRenderers: { phone: phoneCell, work_schedule: (value) => scheduleSummary(value as WorkSchedule | null, t) || t('departments.dealership_schedule') },
    }),
    [t],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={departments} />
    </ResourceListExtras.Provider>
  );
}

export function EmployeesPage() {
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      formWidgets: {
        phone: (common) => <PhoneInput {...common} />,
        avatar_id: (common) => <AvatarField {...common} />,
      },
      headerExtra: <EmployeeImportButton />,
      cellRenderers: { phone: phoneCell },
    }),
    [],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={employees} />
    </ResourceListExtras.Provider>
  );
}

export function ServicesPage() {
  return <ResourceListPage resource={services} />;
}

/**
 * The spec's {siteId?} variants (/dealerships/dealers/{siteId} ...): the same lists narrowed to
 * the client of the site being edited (`client_id` in the address, set here); the route's guard
 * has already checked the site and its module `dealerships`.
 */
function SiteClientScope({ children }: { children: ReactNode }) {
  const site = useCurrentSite();
  const [params, setParams] = useSearchParams();
  const clientId = site.data ? String(site.data.client_id) : null;
  const ready = clientId !== null && params.get('client_id') === clientId;
  useEffect(() => {
    if (clientId !== null && params.get('client_id') !== clientId)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('client_id', clientId);
          return next;
        },
        { replace: true },
      );
  }, [clientId, params, setParams]);
  return ready ? <>{children}</> : <ContentLoader />;
}

export const SiteDealersPage = () => (
  <SiteClientScope>
    <DealersPage />
  </SiteClientScope>
);
export const SiteDepartmentsPage = () => (
  <SiteClientScope>
    <DepartmentsPage />
  </SiteClientScope>
);
export const SiteEmployeesPage = () => (
  <SiteClientScope>
    <EmployeesPage />
  </SiteClientScope>
);
export const SiteServicesPage = () => (
  <SiteClientScope>
    <ServicesPage />
  </SiteClientScope>
);
