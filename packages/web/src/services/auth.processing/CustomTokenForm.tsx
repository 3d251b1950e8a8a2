import { useMemo } from 'react';
import { Alert, Button, Form, Input, Select, Space, Tree, Typography, type FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  brandRef,
  customTokenCreateBody,
  hasPermission,
  PERMISSIONS,
  permissionLabel,
  translateMessage,
  type CustomTokenCreated,
  type JsonApiRecord,
  type Lang,
  type MeUser,
  type PermissionMap,
} from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { isRequired, zodRule } from '../../kit/rules.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { serviceName } from '../../kit/resourceText.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';

const fields = customTokenCreateBody.shape.data.shape;
const clientsRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const KEY_SEPARATOR = '|';

interface Values {
  name: string;
  client_ids: number[];
  brand_ids: number[];
  permissions: string[];
}

/** What the user may grant: what they hold; everything for an internal holder of root. */
export function grantablePermissions(user: Pick<MeUser, 'permissions' | 'internal'>): PermissionMap {
  const root = user.internal && hasPermission(user.permissions, 'auth.processing', 'root');
  const result: PermissionMap = {};
  const add = (service: string, code: string) => {
    const list = (result[service] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  if (root) for (const p of PERMISSIONS) add(p.service, p.code);
  for (const [service, codes] of Object.entries(user.permissions)) for (const code of codes) add(service, code);
  for (const codes of Object.values(result)) codes.sort();
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
}

const toMap = (keys: string[]): PermissionMap => {
  const map: PermissionMap = {};
  for (const key of keys) {
    const at = key.indexOf(KEY_SEPARATOR);
    if (at < 0) continue;
    (map[key.slice(0, at)] ??= []).push(key.slice(at + 1));
  }
  return map;
};

/** Server field errors (/data/name, /data/client_ids, /data/permissions) go under their fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function putFieldErrors(form: FormInstance<any>, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fieldErrors()).filter(([name]) => ['name', 'client_ids', 'brand_ids', 'permissions'].includes(name));
  if (!entries.length) return false;
  form.setFields(entries.map(([name, errors]) => ({ name, errors })));
  return true;
}

/** The create form of a custom token: name, clients, brand ids, permissions grouped by service. */
export function CustomTokenForm({ onCreated, onCancel }: { onCreated: (record: JsonApiRecord<CustomTokenCreated>) => void; onCancel: () => void }) {
  const { t } = useTranslation(['custom_tokens', 'common']);
  const { user, lang } = useSession();
  const currentLang = (): Lang => lang;
  const [form] = Form.useForm<Values>();
  const internal = !!user?.internal;

  // Internal staff may pick any client (from the clients list); a dealer only their own.
  const allClients = useRefOptions(internal ? clientsRef : undefined);
  // The catalogue's brands by name: a token limited to brands names them, never typed ids.
  const brands = useRefOptions(brandRef);
  const clientOptions = internal && allClients.allowed
    ? allClients.options
    : (user?.clients ?? []).map((client) => ({ value: client.id, label: client.name }));

  const grantable = useMemo(() => (user ? grantablePermissions(user) : {}), [user]);
  const treeData = useMemo(
    () =>
      Object.entries(grantable).map(([service, codes]) => ({
        key: service,
        title: serviceName(t, service),
        children: codes.map((code) => ({
          key: `${service}${KEY_SEPARATOR}${code}`,
          title: (
            <span>
              {permissionLabel({ service, code }, lang).name}{' '}
              <Typography.Text type="secondary" className="code-option__code">
                {code}
              </Typography.Text>
            </span>
          ),
        })),
      })),
    [grantable, t, lang],
  );

  const create = useMutation({
    mutationFn: (values: Values) =>
      api.post<JsonApiRecord<CustomTokenCreated>>(gatewayPath('auth.processing', 'custom_tokens'), {
        name: values.name.trim(),
        client_ids: values.client_ids ?? [],
        brand_ids: values.brand_ids ?? [],
        permissions: toMap(values.permissions ?? []),
      }),
    onSuccess: (record) => onCreated(record),
    // Field errors go under their fields; any other error shows above the form.
    onError: (error) => void putFieldErrors(form, error),
  });

  const clientsRule = {
    validator: async (_rule: unknown, value: number[] | undefined) => {
      if (!internal && (!value || value.length === 0)) throw new Error(translateMessage('at_least_one_client', lang));
    },
  };

  return (
    <GuardedForm<Values>
      form={form}
      layout="vertical"
      name="custom-token"
      initialValues={{ name: '', client_ids: clientOptions.length === 1 && !internal ? [clientOptions[0]!.value as number] : [], brand_ids: [], permissions: [] }}
      onFinish={(values) => create.mutate(values)}
      disabled={create.isPending}
    >
      {create.isError && !(isApiError(create.error) && Object.keys(create.error.fieldErrors()).length > 0) && (
        <Alert type="error" showIcon title={errorTitle(create.error, lang)} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item name="name" label={t('fields.name')} required={isRequired(fields.name)} rules={[zodRule(fields.name, currentLang)]} extra={t('hints.name')}>
        <Input maxLength={200} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="client_ids"
        label={t('fields.clients')}
        required={!internal}
        rules={[clientsRule]}
        extra={internal ? t('hints.clients_internal') : t('hints.clients')}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={internal ? t('all_clients') : t('placeholders.clients')}
          options={clientOptions}
          loading={internal && allClients.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      {brands.allowed && (
        <Form.Item name="brand_ids" label={t('fields.brand_ids')} extra={t('hints.brand_ids')}>
          <Select mode="multiple" allowClear placeholder={t('placeholders.brand_ids')} options={brands.options} loading={brands.isFetching} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      )}
      {treeData.length ? (
        <Form.Item
          name="permissions"
          label={t('fields.permissions')}
          extra={t('hints.permissions')}
          valuePropName="checkedKeys"
          trigger="onCheck"
          getValueFromEvent={(checked: string[] | { checked: string[] }) =>
            (Array.isArray(checked) ? checked : checked.checked).filter((key) => String(key).includes(KEY_SEPARATOR))
          }
        >
          <Tree checkable selectable={false} defaultExpandAll treeData={treeData} className="custom-token-permissions" />
        </Form.Item>
      ) : (
        <Form.Item label={t('fields.permissions')}>
          <Alert type="info" showIcon title={t('no_grantable')} />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('common:actions.create')}
        </Button>
        <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
      </Space>
    </GuardedForm>
  );
}
