import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Input, Result, Space, Spin } from 'antd';
import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customFormUpdate, hasPermission, NO_CHOICES, translateMessage, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { siteUrl } from '../../app/data.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useUnsavedChanges } from '../../kit/unsaved.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { emptyForm, sameForm, toPayload, type BuilderForm } from './builder.ts';
import { FormBuilder } from './FormBuilder.tsx';
import { formKeys, formsPath, sitePalette, useForm, useFormChoices, type FormRecord } from './form-api.ts';
import './form-constructor.css';

export const listPath = (siteId: string) => `/form-constructor/${siteId}`;
export const editPath = (siteId: string, id: string) => `/form-constructor/${siteId}/edit/${id}`;

/** The checks of spec 002 §5 made here before sending (the server makes them again): errors by path. */
export function localErrors(form: BuilderForm, lang: Lang): Record<string, string> {
  const parsed = customFormUpdate.safeParse(toPayload(form));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('/')] ??= translateMessage(issue.message, lang);
  return errors;
}

/** The server's field errors by path below the attributes. */
function serverErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const one of error.errors) {
    const pointer = one.source?.pointer;
    if (pointer?.startsWith('/data/attributes/')) errors[pointer.slice('/data/attributes/'.length)] ??= one.title;
  }
  return errors;
}

/** /form-constructor/{siteId}/create and /edit/{formId}: the builder, saving, and a question before unsaved work is left. */
export default function FormEditPage() {
  const { siteId = '', formId } = useParams();
  const { t, i18n } = useTranslation(['form-constructor', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const site = useSite(siteId);
  const existing = useForm(formId);
  const creating = !formId;
  const canSave = hasPermission(user?.permissions ?? {}, 'form-constructor', creating ? 'form_constructor.create' : 'form_constructor.edit');

  const [saved, setSaved] = useState<BuilderForm | null>(creating ? emptyForm() : null);
  const [value, setValue] = useState<BuilderForm>(emptyForm());
  const [checked, setChecked] = useState(false);
  const [fromServer, setFromServer] = useState<Record<string, string>>({});

  // The loaded form becomes the editor's (once per record read).
  useEffect(() => {
    if (!existing.data) return;
    const form: BuilderForm = { title: existing.data.attributes.title, fields: existing.data.attributes.fields, grid: existing.data.attributes.grid };
    setSaved(form);
    setValue(form);
  }, [existing.data]);

  const dirty = saved !== null && !sameForm(value, saved);
  const { release } = useUnsavedChanges(dirty);

  const brandIds = useMemo(() => [...new Set(value.fields.flatMap((field) => field.brands ?? []))], [value.fields]);
  const choices = useFormChoices(siteId, brandIds);
  const errors = useMemo(() => ({ ...(checked ? localErrors(value, lang) : {}), ...fromServer }), [checked, value, lang, fromServer]);

  const save = useMutation({
    mutationFn: (payload: ReturnType<typeof toPayload>) =>
      creating ? api.post<FormRecord>(formsPath('custom_forms'), { attributes: { site_id: Number(siteId), ...payload } }) : api.patch<FormRecord>(formsPath(`custom_forms/${formId}`), { id: formId, attributes: payload }),
    onSuccess: async (record) => {
      const form: BuilderForm = { title: record.attributes.title, fields: record.attributes.fields, grid: record.attributes.grid };
      setSaved(form);
      setValue(form);
      setFromServer({});
      setChecked(false);
      notify.success(t(creating ? 'notices.created' : 'notices.saved'));
      await client.invalidateQueries({ queryKey: formKeys.all });
      if (creating) {
        // The new form's own page opens at once, before the saved state has rendered.
        release();
        navigate(editPath(siteId, record.id), { replace: true });
      }
    },
    onError: (error) => {
      setFromServer(serverErrors(error));
      notify.error(t(creating ? 'notices.create_failed' : 'notices.save_failed'), errorTitle(error, lang));
    },
  });

  const submit = () => {
    setChecked(true);
    setFromServer({});
    const found = localErrors(value, lang);
    if (Object.keys(found).length) {
      notify.error(t('notices.fix_errors', { count: Object.keys(found).length }));
      return;
    }
    save.mutate(toPayload(value));
  };
  const change = (next: BuilderForm) => {
    setValue(next);
    if (Object.keys(fromServer).length) setFromServer({});
  };

  const siteAttributes = site.data?.site.attributes;
  const siteLang: Lang = siteAttributes?.locale === 'en' ? 'en' : 'ru';
  const origin = siteAttributes ? siteUrl(siteAttributes) : null;
  const title = creating ? t('custom_forms.create_title') : t('builder.edit_title', { title: saved?.title ?? '' });
  const errorCount = Object.keys(errors).length;

  if (!creating && existing.isError) {
    return (
      <div className="page">
        <Result
          status={isApiError(existing.error) && existing.error.status === 404 ? '404' : 'error'}
          title={isApiError(existing.error) && existing.error.status === 404 ? t('builder.not_found') : t('common:load_failed')}
          subTitle={errorTitle(existing.error, lang)}
          extra={<Button onClick={() => navigate(listPath(siteId))}>{t('builder.back')}</Button>}
        />
      </div>
    );
  }
  if (saved === null) return <Spin className="page-loader" />;

  return (
    <div className="page form-editor">
      <PageHeader
        title={title}
        subtitle={siteAttributes?.name}
        documentTitle={title}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(listPath(siteId))}>
              {t('builder.back')}
            </Button>
            {!creating && origin && (
              <Button icon={<ExportOutlined aria-hidden />} href={`${origin}/_forms/${formId}`} target="_blank" rel="noopener noreferrer">
                {t('list.open_on_site')}
              </Button>
            )}
            {canSave && (
              <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={save.isPending} onClick={submit}>
                {creating ? t('common:actions.create') : t('common:actions.save')}
              </Button>
            )}
          </Space>
        }
      />
      {dirty && canSave && <Alert className="form-editor__errors" type="info" showIcon title={t('builder.unsaved')} />}
      {errorCount > 0 && <Alert className="form-editor__errors" type="error" showIcon title={t('builder.errors', { count: errorCount })} />}
      <Card variant="borderless" className="page-card form-editor__title">
        <label className="ant-form-item-required" htmlFor="form-title">
          {t('custom_forms.fields.title')}
        </label>
        <Input
          id="form-title"
          value={value.title}
          maxLength={200}
          disabled={!canSave}
          status={errors.title ? 'error' : undefined}
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? 'form-title-error' : undefined}
          placeholder={t('builder.title_placeholder')}
          onChange={(event) => change({ ...value, title: event.target.value })}
        />
        {errors.title && (
          <div id="form-title-error" className="ant-form-item-explain-error">
            {errors.title}
          </div>
        )}
      </Card>
      <FormBuilder value={value} onChange={change} choices={choices.data ?? NO_CHOICES} lang={siteLang} palette={sitePalette(siteAttributes)} errors={errors} readOnly={!canSave} />
    </div>
  );
}
