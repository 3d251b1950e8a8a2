import { useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Tag, Tooltip, Typography, type FormInstance } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  changePasswordBody,
  meUpdateBody,
  type AuthHistoryEntry,
  type JsonApiRecord,
  type Lang,
  type MeUser,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { updateUser, useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError, type ApiError } from '../../kit/api.ts';
import { formatDateTime, shortAgent } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ExternalSignInCard } from '../auth.processing/ExternalSignInCard.tsx';
import { SecondFactorCard } from '../auth.processing/SecondFactorCard.tsx';
import { RemoveAccountCard } from './RemoveAccountCard.tsx';
import { isRequired, sameAsRule, zodRule, type SchemaLike } from '../../kit/rules.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';

const profileFields = meUpdateBody.shape.data.shape.attributes.shape;
const passwordFields = changePasswordBody.shape.data.shape;
/** The profile's own fields; unwrapped from .partial() for the required mark. */
const unwrap = (schema: unknown): SchemaLike => ((schema as { unwrap?: () => SchemaLike }).unwrap?.() ?? schema) as SchemaLike;

type ProfileValues = { last_name?: string | null; name?: string; email?: string; phone?: string | null; locale?: Lang };
type PasswordValues = { old_password: string; new_password: string; repeat_password: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function putFieldErrors(form: FormInstance<any>, error: unknown, fields: string[]): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries((error as ApiError).fieldErrors()).filter(([name]) => fields.includes(name));
  if (!entries.length) return false;
  form.setFields(entries.map(([name, errors]) => ({ name, errors })));
  return true;
}

function ProfileCard({ user }: { user: MeUser }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { lang } = useSession();
  const currentLang = (): Lang => lang;
  const [form] = Form.useForm<ProfileValues>();
  const initial: ProfileValues = { last_name: user.last_name ?? '', name: user.name, email: user.email, phone: user.phone ?? '', locale: user.locale };

  const save = useMutation({
    mutationFn: (values: ProfileValues) => {
      const attributes: Record<string, unknown> = {};
      for (const key of ['last_name', 'name', 'phone', 'locale'] as const) {
        const value = typeof values[key] === 'string' ? (values[key] as string).trim() : values[key];
        const before = initial[key] ?? '';
        if ((value ?? '') === before) continue;
        attributes[key] = value === '' ? null : value;
      }
      return api.patch<JsonApiRecord<Omit<MeUser, 'id'>>>(gatewayPath('clients.storage', 'me'), { type: 'users', attributes });
    },
    onSuccess: (record) => {
      if (record?.attributes) updateUser({ ...record.attributes, id: Number(record.id) });
      notify.success(t('personal.profile_saved'));
    },
    onError: (error) => {
      if (!putFieldErrors(form, error, ['last_name', 'name', 'phone', 'locale'])) notify.error(errorTitle(error, lang));
    },
  });

  return (
    <Card variant="borderless" className="page-card" title={t('personal.profile')}>
      <GuardedForm<ProfileValues> form={form} layout="vertical" name="profile" initialValues={initial} onFinish={(values) => save.mutate(values)} disabled={save.isPending}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="last_name" label={t('personal.fields.last_name')} rules={[zodRule(profileFields.last_name, currentLang)]}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('personal.fields.name')} required={isRequired(unwrap(profileFields.name))} rules={[zodRule(unwrap(profileFields.name), currentLang)]}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('personal.fields.email')} extra={t('personal.email_hint')}>
              <Input disabled readOnly />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('personal.fields.phone')} rules={[zodRule(profileFields.phone, currentLang)]}>
              <Input type="tel" autoComplete="tel" placeholder="+7 (999) 123-45-67" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="locale" label={t('personal.fields.locale')} rules={[zodRule(profileFields.locale, currentLang)]}>
              <Select
                options={[
                  { value: 'ru', label: 'Русский' },
                  { value: 'en', label: 'English' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </GuardedForm>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation(['clients.storage', 'auth', 'common']);
  const { lang } = useSession();
  const currentLang = (): Lang => lang;
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      api.post(gatewayPath('auth.processing', 'change_password'), { old_password: values.old_password, new_password: values.new_password }),
    onSuccess: () => {
      form.resetFields();
      notify.success(t('personal.password_changed'), t('personal.password_changed_text'));
    },
    onError: (error) => {
      if (!putFieldErrors(form, error, ['old_password', 'new_password'])) notify.error(errorTitle(error, lang));
    },
  });
  return (
    <Card variant="borderless" className="page-card" title={t('personal.password')}>
      <GuardedForm<PasswordValues> form={form} layout="vertical" name="password" onFinish={(values) => change.mutate(values)} disabled={change.isPending}>
        <Form.Item name="old_password" label={t('personal.fields.old_password')} required rules={[zodRule(passwordFields.old_password, currentLang)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={t('personal.fields.new_password')} required rules={[zodRule(passwordFields.new_password, currentLang)]} extra={t('auth:password_hint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat_password" label={t('personal.fields.repeat_password')} required dependencies={['new_password']} rules={[sameAsRule('new_password', currentLang)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('personal.change_password')}
        </Button>
      </GuardedForm>
    </Card>
  );
}

const EVENT_COLORS: Record<string, string> = {
  sign_in: 'green',
  sign_in_failed: 'red',
  refresh: 'default',
  logout: 'default',
  password_changed: 'orange',
  password_restored: 'orange',
  switch_client: 'blue',
};


function HistoryCard() {
  const { t } = useTranslation(['clients.storage', 'auth', 'common']);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const history = useQuery({
    queryKey: queryKeys.authHistory(page, size),
    queryFn: ({ signal }) =>
      api.list<AuthHistoryEntry>(gatewayPath('auth.processing', 'me/auth_history'), { 'page[number]': page, 'page[size]': size }, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <Card variant="borderless" className="page-card" title={t('personal.history')}>
      {history.isError && !history.data ? (
        <Typography.Paragraph type="danger">
          {t('personal.history_failed')}: {errorTitle(history.error)}{' '}
          <Button type="link" onClick={() => void history.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <DataTable<JsonApiRecord<AuthHistoryEntry>>
          rowKey="id"
          size="middle"
          loading={history.isFetching}
          dataSource={history.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: size,
            total: history.data?.meta?.page?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: ['10', '20', '50'],
            showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize !== size ? 1 : nextPage);
              setSize(nextSize);
            },
          }}
          columns={[
            {
              key: 'created_at',
              title: t('personal.history_fields.created_at'),
              dataIndex: ['attributes', 'created_at'],
              width: 170,
              render: (value: string) => <span className="nowrap">{formatDateTime(value)}</span>,
            },
            {
              key: 'event',
              title: t('personal.history_fields.event'),
              dataIndex: ['attributes', 'event'],
              render: (value: string) => <Tag color={EVENT_COLORS[value] ?? 'default'}>{t(`auth:events.${value}`, { defaultValue: value })}</Tag>,
            },
            { key: 'ip', title: t('personal.history_fields.ip'), dataIndex: ['attributes', 'ip'], render: (value: string | null) => value || '—' },
            {
              key: 'client',
              title: t('personal.history_fields.client'),
              dataIndex: ['attributes', 'client'],
              render: (value: AuthHistoryEntry['client']) => value?.name ?? '—',
            },
            {
              key: 'user_agent',
              title: t('personal.history_fields.user_agent'),
              dataIndex: ['attributes', 'user_agent'],
              render: (value: string | null) =>
                value ? (
                  <Tooltip title={value}>
                    <span>{shortAgent(value)}</span>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** /personal/: profile, password change, second factor, external sign-in, activity history, account removal. */
export default function PersonalPage() {
  const { t } = useTranslation(['clients.storage']);
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page">
      <PageHeader title={t('personal.title')} subtitle={user.email} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ProfileCard key={`${user.id}:${user.locale}:${user.name}:${user.last_name}:${user.phone}`} user={user} />
        </Col>
        <Col xs={24} xl={10}>
          <PasswordCard />
        </Col>
        <Col span={24}>
          <SecondFactorCard />
        </Col>
        <Col span={24}>
          <ExternalSignInCard />
        </Col>
        <Col span={24}>
          <HistoryCard />
        </Col>
        <Col span={24}>
          <RemoveAccountCard />
        </Col>
      </Row>
    </div>
  );
}
