import { useState } from 'react';
import { Alert, Form, Input, Modal, Segmented, Select, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { massInstallBody, massUninstallBody, moduleResource, siteResource, type MassModulesResult } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { listPath, useRefOptions } from '../../kit/useResourceList.ts';
import { afterModulesChanged, MASS_INSTALL_PATH, MASS_UNINSTALL_PATH, marketplaceKeys, titleOf } from './site-modules.ts';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';

type Mode = 'install' | 'uninstall';
interface Values {
  site_ids: number[];
  module_codes: string[];
  reason?: string;
}

const installFields = massInstallBody.shape.data.shape;
const uninstallFields = massUninstallBody.shape.data.shape;
const siteRef = { service: siteResource.service, name: siteResource.name, label: 'name' };

/** Every module of the dictionary as options, named in the reader's language. */
function useModuleOptions() {
  const { lang } = useSession();
  return useQuery({
    queryKey: [...marketplaceKeys.all, 'options', lang],
    staleTime: 60_000,
    queryFn: async () => {
      const list = await api.fetchAll<{ code: string; name: string }>(listPath(moduleResource), { sort: 'sort,name' }, 1000);
      return list.data.map((record) => ({ value: record.attributes.code, label: titleOf(record.attributes, lang) }));
    },
  });
}

/**
 * Mass install and mass uninstall (spec 000 §2 Marketplace) for platform staff: modules chosen
 * for sites chosen, all or nothing; the answer says per site what changed.
 */
export function MassModulesDialog({ open, onClose, defaultSiteId }: { open: boolean; onClose: () => void; defaultSiteId?: string }) {
  const { t } = useTranslation(['marketplace', 'common']);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('install');
  const [results, setResults] = useState<MassModulesResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sites = useRefOptions(siteRef);
  const modules = useModuleOptions();
  const siteName = (id: number) => sites.options.find((option) => option.value === id)?.label ?? `#${id}`;
  const fields = mode === 'install' ? installFields : uninstallFields;

  const run = useMutation({
    mutationFn: (values: Values) =>
      api.post<{ results: MassModulesResult[] }>(mode === 'install' ? MASS_INSTALL_PATH : MASS_UNINSTALL_PATH, {
        site_ids: values.site_ids,
        module_codes: values.module_codes,
        ...(mode === 'uninstall' ? { reason: values.reason?.trim() } : {}),
      }),
    onSuccess: async (answer, values) => {
      setFailure(null);
      setResults(answer.results);
      notify.success(t(`mass.done_${mode}`));
      await afterModulesChanged(queryClient, values.site_ids.map(String));
    },
    onError: (error, values) => {
      // The server names the refused site by its place in site_ids: say which site it is.
      const pointer = isApiError(error) ? error.errors[0]?.source?.pointer : undefined;
      const place = pointer ? /^\/data\/site_ids\/(\d+)$/.exec(pointer) : null;
      const title = errorTitle(error, currentLang());
      setFailure(place ? t('mass.failed_site', { site: siteName(values.site_ids[Number(place[1])]!), error: title }) : title);
    },
  });

  const close = () => {
    setResults(null);
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const moduleLabel = (code: string) => modules.data?.find((option) => option.value === code)?.label ?? code;

  return (
    <FormModal
      open={open}
      title={t('mass.title')}
      width={640}
      okText={results ? t('mass.close') : t(`mass.run_${mode}`)}
      okButtonProps={{ danger: !results && mode === 'uninstall', loading: run.isPending }}
      cancelButtonProps={{ style: results ? { display: 'none' } : undefined }}
      cancelText={t('common:actions.cancel')}
      onOk={() => (results ? close() : form.submit())}
      onCancel={close}
      destroyOnHidden
    >
      {results ? (
        <ul className="marketplace-mass__results" aria-label={t('mass.results')}>
          {results.map((result) => (
            <li key={result.site_id} className="marketplace-mass__result">
              <Typography.Text strong>{siteName(result.site_id)}</Typography.Text>
              <div>
                {result.changed.map((code) => (
                  <Tag key={code} color={mode === 'install' ? 'green' : 'red'}>
                    {moduleLabel(code)}
                  </Tag>
                ))}
                {result.unchanged.map((code) => (
                  <Tag key={code}>{t(`mass.unchanged_${mode}`, { module: moduleLabel(code) })}</Tag>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <GuardedForm<Values>
          form={form}
          layout="vertical"
          name="mass-modules"
          initialValues={{ site_ids: defaultSiteId ? [Number(defaultSiteId)] : [], module_codes: [] }}
          onFinish={(values) => run.mutate(values)}
          disabled={run.isPending}
        >
          <Form.Item label={t('mass.mode')}>
            <Segmented<Mode>
              value={mode}
              onChange={(value) => {
                setMode(value);
                setFailure(null);
              }}
              options={[
                { value: 'install', label: t('mass.install') },
                { value: 'uninstall', label: t('mass.uninstall') },
              ]}
            />
          </Form.Item>
          <Form.Item name="site_ids" label={t('mass.sites')} required rules={[zodRule(fields.site_ids, currentLang)]}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={sites.isFetching} options={sites.options} aria-label={t('mass.sites')} placeholder={t('mass.sites_placeholder')} />
          </Form.Item>
          <Form.Item name="module_codes" label={t('mass.modules')} required rules={[zodRule(fields.module_codes, currentLang)]}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={modules.isFetching} options={modules.data ?? []} aria-label={t('mass.modules')} placeholder={t('mass.modules_placeholder')} />
          </Form.Item>
          {mode === 'uninstall' && (
            <Form.Item name="reason" label={t('reason.label')} required rules={[zodRule(uninstallFields.reason, currentLang)]}>
              <Input.TextArea rows={3} maxLength={1000} showCount aria-label={t('reason.label')} placeholder={t('reason.placeholder')} />
            </Form.Item>
          )}
          <Typography.Paragraph type="secondary">{t(`mass.hint_${mode}`)}</Typography.Paragraph>
          {failure && <Alert type="error" showIcon title={failure} />}
        </GuardedForm>
      )}
    </FormModal>
  );
}
