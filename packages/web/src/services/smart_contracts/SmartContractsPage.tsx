import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Button, Checkbox, Empty, Flex, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  hasPermission,
  smartContractSettingsResource,
  smartDealershipRef,
  smartWidgetTypeOptions,
  type AnyResource,
  type SmartServiceWidgetEntry,
  type SmartWidgetEntry,
} from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { SiteSettingsCard } from '../../kit/SiteSettingsCard.tsx';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { useSite } from '../sites.context/site-api.ts';
import './smart-contracts.css';

/**
 * /smart_contracts/settings/{siteId}/ (spec 002 §2, §3 "Smart contract widget setting"): the site's
 * smart contract widget settings, made with the defaults on first visit. The widgets and service
 * widgets are edited as lists of entries, each naming one of the site's client's dealerships.
 */
const NS = ['smart_contracts', 'common'];
const FLAGS = ['use_for_credit_standalone', 'use_for_leasing_standalone', 'use_for_trade_in_standalone', 'use_for_buy_model_standalone'] as const;
type Options = { value: string | number; label: string }[];

/** A new widget: the standalone flags on, the bullet widget off (spec 002 §9). */
const newWidget = (): Partial<SmartWidgetEntry> => ({ smart_contract_widget_id: '', type: 'any', use_for_credit_standalone: true, use_for_leasing_standalone: true, use_for_trade_in_standalone: true, use_for_buy_model_standalone: true, use_for_bullet_widget: false });

/** The widgets of the dealerships: one card per entry. */
function WidgetEntries({ value, onChange, dealerships, disabled, ...rest }: { value?: Partial<SmartWidgetEntry>[]; onChange?: (next: Partial<SmartWidgetEntry>[]) => void; dealerships: Options; disabled?: boolean; 'aria-label': string }) {
  const { t } = useTranslation(NS);
  const list = value ?? [];
  const set = (index: number, patch: Partial<SmartWidgetEntry>) => onChange?.(list.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  return (
    <div className="smart-entries" role="group" aria-label={rest['aria-label']}>
      {list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('entry.none')} />}
      {list.map((entry, index) => (
        <div className="smart-entry" key={index} data-testid="smart-widget-entry">
          <Flex wrap gap={8} align="center">
            <Select className="smart-entry__dealership" aria-label={t('entry.dealership_id')} placeholder={t('entry.dealership_id')} options={dealerships} value={entry.dealership_id} disabled={disabled} showSearch={{ optionFilterProp: 'label' }} onChange={(dealership_id) => set(index, { dealership_id: Number(dealership_id) })} />
            <Input className="smart-entry__id" aria-label={t('entry.smart_contract_widget_id')} placeholder={t('entry.smart_contract_widget_id')} value={entry.smart_contract_widget_id} disabled={disabled} onChange={(event) => set(index, { smart_contract_widget_id: event.target.value })} />
            <Select className="smart-entry__type" aria-label={t('entry.type')} value={entry.type} disabled={disabled} options={smartWidgetTypeOptions.map((option) => ({ value: option.value, label: t(option.label) }))} onChange={(type) => set(index, { type })} />
            <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('entry.remove')} disabled={disabled} onClick={() => onChange?.(list.filter((_, at) => at !== index))} />
          </Flex>
          <Flex wrap gap={12} className="smart-entry__flags">
            <Typography.Text type="secondary">{t('entry.standalone')}:</Typography.Text>
            {FLAGS.map((flag) => (
              <Checkbox key={flag} checked={entry[flag] !== false} disabled={disabled} onChange={(event) => set(index, { [flag]: event.target.checked } as Partial<SmartWidgetEntry>)}>
                {t(`entry.${flag}`)}
              </Checkbox>
            ))}
            <Checkbox checked={entry.use_for_bullet_widget === true} disabled={disabled} onChange={(event) => set(index, { use_for_bullet_widget: event.target.checked })}>
              {t('entry.use_for_bullet_widget')}
            </Checkbox>
          </Flex>
        </div>
      ))}
      <Button icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={() => onChange?.([...list, newWidget()])}>
        {t('entry.add_widget')}
      </Button>
    </div>
  );
}

/** The service widgets of the dealerships. */
function ServiceWidgetEntries({ value, onChange, dealerships, disabled, ...rest }: { value?: Partial<SmartServiceWidgetEntry>[]; onChange?: (next: Partial<SmartServiceWidgetEntry>[]) => void; dealerships: Options; disabled?: boolean; 'aria-label': string }) {
  const { t } = useTranslation(NS);
  const list = value ?? [];
  const set = (index: number, patch: Partial<SmartServiceWidgetEntry>) => onChange?.(list.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  return (
    <div className="smart-entries" role="group" aria-label={rest['aria-label']}>
      {list.map((entry, index) => (
        <Flex wrap gap={8} align="center" className="smart-entry" key={index}>
          <Select className="smart-entry__dealership" aria-label={t('entry.dealership_id')} placeholder={t('entry.dealership_id')} options={dealerships} value={entry.dealership_id} disabled={disabled} showSearch={{ optionFilterProp: 'label' }} onChange={(dealership_id) => set(index, { dealership_id: Number(dealership_id) })} />
          <Input className="smart-entry__id" aria-label={t('entry.service_widget_id')} placeholder={t('entry.service_widget_id')} value={entry.service_widget_id} disabled={disabled} onChange={(event) => set(index, { service_widget_id: event.target.value })} />
          <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('entry.remove')} disabled={disabled} onClick={() => onChange?.(list.filter((_, at) => at !== index))} />
        </Flex>
      ))}
      <Button icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={() => onChange?.([...list, { service_widget_id: '' }])}>
        {t('entry.add_service_widget')}
      </Button>
    </div>
  );
}

export function SmartContractsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const permissions = useSession().user?.permissions ?? {};
  const canChange = hasPermission(permissions, 'smart_contracts', 'settings.patch');
  const settings = useSiteSettings(smartContractSettingsResource as unknown as AnyResource, siteId);
  const clientId = site.data?.site.attributes.client_id;
  const dealerships = useRefOptions(smartDealershipRef, clientId ? { client_id: String(clientId) } : undefined);
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      formWidgets: {
        widgets: (common) => <WidgetEntries {...common} dealerships={dealerships.options} disabled={!canChange} />,
        service_widgets: (common) => <ServiceWidgetEntries {...common} dealerships={dealerships.options} disabled={!canChange} />,
      },
    }),
    [dealerships.options, canChange],
  );
  const title = t('settings.title');
  return (
    <div className="page smart-contracts-page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <ResourceListExtras.Provider value={extras}>
        <SiteSettingsCard resource={smartContractSettingsResource as unknown as AnyResource} settings={settings} intro={t('settings.intro')} canChange={canChange} />
      </ResourceListExtras.Provider>
    </div>
  );
}
