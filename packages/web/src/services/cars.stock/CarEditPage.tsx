import './cars.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CarOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  bodyColorRef,
  brandRef,
  CAR_LOGISTIC_STATUSES,
  CAR_TECHNICAL_FIELDS,
  CAR_PTS_VALUES,
  CAR_STATUSES,
  carUpholsteryRef,
  complectationRef,
  fillCarTechnical,
  finalPrice,
  generationRef,
  marketingComplectationRef,
  modelRef,
  restylingRef,
  type CarTechnical,
  type JsonApiRecord,
  type Lang,
  type RefDef,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, fieldOfPointer, isApiError } from '../../kit/api.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { useMoney } from '../../kit/Money.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { useSite } from '../sites.context/site-api.ts';
import { carKeys, fetchCarTechnical, stockPath, type CarRow } from './car-api.ts';
import { CarPhotosField } from './CarPhotosField.tsx';
import { GuardedForm } from '../../kit/unsaved.tsx';

type Values = Record<string, unknown>;

/** The cascading catalogue pickers: each level's choices are those of the level above. */
export const LEVELS: { field: string; ref: RefDef; filter?: string }[] = [
  { field: 'brand_id', ref: brandRef },
  { field: 'model_id', ref: modelRef, filter: 'brands' },
  { field: 'generation_id', ref: generationRef, filter: 'models' },
  { field: 'restyling_id', ref: restylingRef, filter: 'generations' },
  { field: 'complectation_id', ref: complectationRef, filter: 'restylings' },
  { field: 'marketing_complectation_id', ref: marketingComplectationRef, filter: 'complectation_ids' },
];
const REQUIRED = new Set(['vin', 'external_id', 'brand_id', 'model_id', 'year', 'price']);
const TEXT_FIELDS = ['vin', 'external_id', 'dealer_code', 'engine', 'transmission', 'wheel_drive', 'body', 'description', 'discount_description', 'source', 'exterior_video_url', 'interior_video_url'];
const NUMBER_FIELDS = ['year', 'model_year', 'registry_year', 'mileage', 'owners', 'doors', 'loading', 'price'];
const DISCOUNTS = ['tradein_discount', 'credit_discount', 'insurance_discount', 'credit_tradein_discount'];
const SWITCHES = ['certification', 'approved', 'commercial', 'right_steering_wheel'];
const LISTS = ['options', 'equipment'];
const CHOICES = ['status', 'logistic_status', 'pts', 'body_color_id', 'upholstery_id', ...LEVELS.map((level) => level.field)];

/** A catalogue select narrowed by the level above (none until it is chosen). */
export function LevelSelect({ level, parent, value, onChange, id, label }: { level: (typeof LEVELS)[number]; parent: unknown; value?: number; onChange?: (value: number | null) => void; id?: string; label: string }) {
  const filters = level.filter ? (parent ? { [level.filter]: String(parent) } : undefined) : undefined;
  const waiting = !!level.filter && !parent;
  const options = useRefOptions(waiting ? undefined : level.ref, filters);
  return (
    <Select
      id={id}
      aria-label={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={waiting}
      loading={options.isFetching}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next === undefined ? null : (next as number))}
      options={options.options}
    />
  );
}

/** Form values → the attributes the API takes: empty text is null, discounts default to 0 (spec 001 §5). */
function toAttributes(values: Values): Values {
  const out: Values = {};
  for (const field of TEXT_FIELDS) {
    const value = typeof values[field] === 'string' ? (values[field] as string).trim() : values[field];
    out[field] = value === '' || value === undefined ? null : value;
  }
  for (const field of NUMBER_FIELDS) out[field] = values[field] ?? null;
  for (const field of DISCOUNTS) out[field] = values[field] ?? 0;
  for (const field of SWITCHES) out[field] = !!values[field];
  for (const field of LISTS) out[field] = (values[field] as string[] | undefined) ?? [];
  out.manual_image_ids = (values.manual_image_ids as number[] | undefined) ?? [];
  for (const field of CHOICES) out[field] = values[field] ?? null;
  if (!out.status) delete out.status;
  if (!out.logistic_status) delete out.logistic_status;
  return out;
}

/**
 * /cars.stock/create/{type} (new|used): a car made by hand (POST /cars/manual) or, with `?car=`,
 * changed (PATCH /cars/{id}). The site is `?site=` or the site being edited. The server's
 * messages (spec 001 §5: VIN and/or External ID, each missing field, the summary) are shown on
 * the fields and above the form.
 */
export default function CarEditPage() {
  const { type = 'new' } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const siteId = params.get('site') ?? session.siteId ?? '';
  const carId = params.get('car');
  const isNew = type !== 'used';
  const { t, i18n } = useTranslation(['cars.stock', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const amounts = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSite(siteId);
  const [form] = Form.useForm<Values>();
  const [summary, setSummary] = useState<string[]>([]);
  const values = Form.useWatch([], form) as Values | undefined;
  // The technical values the chosen marketing complectation filled (and the field still holds).
  const [filled, setFilled] = useState<CarTechnical>({});
  const technicalRequest = useRef(0);
  const car = useQuery({
    queryKey: carKeys.one(carId ?? ''),
    enabled: !!carId,
    queryFn: ({ signal }) => api.request<{ data: JsonApiRecord<CarRow> }>('GET', stockPath(`cars/${carId}`), { signal }),
  });
  const back = `/cars.stock/${isNew ? 'new_cars' : 'used_cars'}/${siteId}`;

  useEffect(() => {
    if (car.data) form.setFieldsValue(car.data.data.attributes as unknown as Values);
  }, [car.data, form]);

  const save = useMutation({
    mutationFn: async (formValues: Values) => {
      const attributes = toAttributes(formValues);
      if (carId) return api.request<{ data: JsonApiRecord<CarRow> }>('PATCH', stockPath(`cars/${carId}`), { body: { data: { attributes } } });
      return api.request<{ data: JsonApiRecord<CarRow> }>('POST', stockPath('cars/manual'), { body: { data: { attributes: { ...attributes, site_id: Number(siteId), is_new: isNew } } } });
    },
    onSuccess: async () => {
      setSummary([]);
      notify.success(t(carId ? 'common:notices.saved' : 'common:notices.created'));
      await queryClient.invalidateQueries({ queryKey: carKeys.all });
      navigate(back);
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setSummary([errorTitle(error, lang)]);
        return;
      }
      const byField = new Map<string, string[]>();
      const general: string[] = [];
      for (const item of error.errors) {
        const field = fieldOfPointer(item.source?.pointer);
        if (field && field !== 'site_id' && form.getFieldInstance(field) !== undefined) byField.set(field, [...(byField.get(field) ?? []), item.title]);
        else general.push(item.title);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      // The summary first, then the messages of fields that are not on the form.
      const ordered = [...general.filter((text) => text === general.at(-1)), ...general.slice(0, -1)];
      setSummary(ordered.length ? ordered : [error.title]);
    },
  });

  /** The user's pick of a marketing complectation fills the technical fields they have not changed themselves. */
  const fillFromComplectation = async (complectationId: unknown) => {
    const request = ++technicalRequest.current;
    if (typeof complectationId !== 'number') return;
    try {
      const technical = await fetchCarTechnical(complectationId);
      if (request !== technicalRequest.current) return;
      const next = fillCarTechnical(form.getFieldsValue(CAR_TECHNICAL_FIELDS as unknown as string[]) as Values, filled, technical);
      form.setFieldsValue(next.set);
      setFilled(next.filled);
    } catch (error) {
      notify.error(errorTitle(error, lang));
    }
  };
  const onValuesChange = (changed: Values) => {
    const index = LEVELS.findIndex((level) => level.field in changed);
    if (index >= 0) form.setFieldsValue(Object.fromEntries(LEVELS.slice(index + 1).map((level) => [level.field, null])));
    if (index >= 0) void fillFromComplectation(changed.marketing_complectation_id);
    // A technical value the user typed is theirs from now on.
    const typed = CAR_TECHNICAL_FIELDS.filter((field) => field in changed && changed[field] !== filled[field]);
    if (typed.length) setFilled((previous) => Object.fromEntries(Object.entries(previous).filter(([field]) => !typed.includes(field as never))));
  };
  const final = useMemo(() => finalPrice({ price: (values?.price as number | null) ?? null, ...Object.fromEntries(DISCOUNTS.map((field) => [field, (values?.[field] as number | null) ?? 0])) }), [values]);

  const title = carId ? t('form.edit_title', { name: car.data?.data.attributes.vin ?? car.data?.data.attributes.external_id ?? '' }) : t(isNew ? 'form.create_new' : 'form.create_used');
  if (!siteId) return <Result status="info" title={t('form.no_site')} extra={<Button type="primary" onClick={() => navigate('/sites.context/select')}>{t('form.choose_site')}</Button>} />;
  if (type !== 'new' && type !== 'used') return <Result status="404" title={t('form.bad_type')} />;
  if (carId && car.isLoading) return <ContentLoader />;
  if (carId && car.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(car.error, lang)} extra={<Button onClick={() => navigate(back)}>{t('form.back')}</Button>} />;

  const label = (field: string) => t(`fields.${field}`);
  const item = (field: string, control: React.ReactNode, extra: { span?: number; valuePropName?: string; help?: ReactNode } = {}) => (
    <Col xs={24} md={extra.span ?? 12} xl={extra.span ? Math.min(24, extra.span) : 8}>
      <Form.Item name={field} label={label(field)} required={REQUIRED.has(field) && !(field === 'vin' || field === 'external_id')} valuePropName={extra.valuePropName} extra={extra.help}>
        {control}
      </Form.Item>
    </Col>
  );
  const number = (field: string, min: number, max: number, step = 1) => item(field, <InputNumber aria-label={label(field)} min={min} max={max} step={step} precision={0} style={{ width: '100%' }} />);
  const text = (field: string, max = 255) => item(field, <Input aria-label={label(field)} maxLength={max} />);
  const money = (field: string) => item(field, <MoneyInput aria-label={label(field)} />);
  const choice = (field: string, options: { value: string; label: string }[]) => item(field, <Select aria-label={label(field)} allowClear options={options} />);
  const toggle = (field: string) => item(field, <Switch aria-label={label(field)} />, { valuePropName: 'checked' });
  // Engine, gearbox, drive, body: marked while they hold what the marketing complectation gave.
  const technical = (field: (typeof CAR_TECHNICAL_FIELDS)[number], max: number) => {
    const fromComplectation = filled[field] !== undefined && values?.[field] === filled[field];
    const help = fromComplectation ? <Tag icon={<CarOutlined aria-hidden />} color="blue" data-testid={`from-complectation-${field}`}>{t('form.from_complectation')}</Tag> : undefined;
    return item(field, <Input aria-label={label(field)} maxLength={max} />, { help });
  };
  const ref = (field: string, refDef: RefDef) => item(field, <RefSelect refDef={refDef} brand={values?.brand_id} label={label(field)} />);

  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(back)}>{t('form.back')}</Button>}
      />
      {summary.length > 0 && (
        <Alert
          className="car-form__summary"
          type="error"
          showIcon
          title={summary[0]}
          description={summary.length > 1 ? <ul className="car-form__errors">{summary.slice(1).map((line, index) => <li key={index}>{line}</li>)}</ul> : undefined}
          role="alert"
        />
      )}
      <GuardedForm<Values>
        form={form}
        name="car"
        layout="vertical"
        disabled={save.isPending}
        initialValues={{ status: 'active', logistic_status: 'in_stock', ...(isNew ? { mileage: 0, owners: 0 } : {}) }}
        onValuesChange={onValuesChange}
        onFinish={(formValues) => save.mutateAsync(formValues)}
        scrollToFirstError
      >
        <div className="car-form">
        <Card variant="borderless" className="page-card" title={t('form.identification')}>
          <Typography.Paragraph type="secondary">{t('form.vin_hint')}</Typography.Paragraph>
          <Row gutter={16}>
            {item('vin', <Input aria-label={label('vin')} maxLength={17} style={{ textTransform: 'uppercase' }} />)}
            {text('external_id', 100)}
            {text('dealer_code', 100)}
          </Row>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.catalogue')}>
          <Row gutter={16}>
            {LEVELS.map((level, index) =>
              item(level.field, <LevelSelect level={level} parent={index ? values?.[LEVELS[index - 1]!.field] : undefined} label={label(level.field)} />),
            )}
          </Row>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.state')}>
          <Row gutter={16}>
            {choice('status', CAR_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })))}
            {choice('logistic_status', CAR_LOGISTIC_STATUSES.map((value) => ({ value, label: t(`logistic.${value}`) })))}
            {choice('pts', CAR_PTS_VALUES.map((value) => ({ value, label: t(`pts.${value}`) })))}
          </Row>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.photos')}>
          <Typography.Paragraph type="secondary">{t('form.photos_hint')}</Typography.Paragraph>
          <Form.Item name="manual_image_ids" noStyle>
            <CarPhotosField clientId={site.data?.site.attributes.client_id ?? null} aria-label={label('manual_image_ids')} />
          </Form.Item>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.specification')}>
          <Typography.Paragraph type="secondary">{t('form.technical_hint')}</Typography.Paragraph>
          <Row gutter={16}>
            {number('year', 1900, 2100)}
            {number('model_year', 1900, 2100)}
            {number('registry_year', 1900, 2100)}
            {number('mileage', 0, 10_000_000, 1000)}
            {number('owners', 0, 100)}
            {number('doors', 0, 10)}
            {technical('engine', 255)}
            {technical('transmission', 100)}
            {technical('wheel_drive', 100)}
            {technical('body', 100)}
            {number('loading', 0, 100_000, 100)}
            {ref('body_color_id', bodyColorRef)}
            {ref('upholstery_id', carUpholsteryRef)}
            {toggle('right_steering_wheel')}
            {toggle('commercial')}
          </Row>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.price')}>
          <Row gutter={16}>
            {money('price')}
            {money('tradein_discount')}
            {money('credit_discount')}
            {money('insurance_discount')}
            {money('credit_tradein_discount')}
            <Col xs={24} md={12} xl={8}>
              <Form.Item label={t('fields.final_price')} extra={t('form.final_price_hint')}>
                <Typography.Text strong data-testid="final-price">{amounts.cell(final)}</Typography.Text>
              </Form.Item>
            </Col>
            {item('discount_description', <Input.TextArea aria-label={label('discount_description')} rows={2} maxLength={2000} />, { span: 24 })}
          </Row>
        </Card>
        <Card variant="borderless" className="page-card" title={t('form.description')}>
          <Row gutter={16}>
            {item('description', <Input.TextArea aria-label={label('description')} rows={4} maxLength={10_000} showCount />, { span: 24 })}
            {item('options', <Select aria-label={label('options')} mode="tags" open={false} tokenSeparators={[';']} />, { span: 12 })}
            {item('equipment', <Select aria-label={label('equipment')} mode="tags" open={false} tokenSeparators={[';']} />, { span: 12 })}
            {toggle('certification')}
            {toggle('approved')}
            {text('source', 100)}
            {text('exterior_video_url', 2048)}
            {text('interior_video_url', 2048)}
          </Row>
        </Card>
        </div>
        <div className="car-form__actions">
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>{t(carId ? 'common:actions.save' : 'common:actions.create')}</Button>
            <Button onClick={() => navigate(back)}>{t('common:actions.cancel')}</Button>
          </Space>
        </div>
      </GuardedForm>
    </div>
  );
}

/** A body colour or upholstery of the chosen brand. */
function RefSelect({ refDef, brand, value, onChange, id, label }: { refDef: RefDef; brand: unknown; value?: number; onChange?: (value: number | null) => void; id?: string; label: string }) {
  const options = useRefOptions(brand ? refDef : undefined, brand ? { brands: String(brand) } : undefined);
  return <Select id={id} aria-label={label} allowClear disabled={!brand} loading={options.isFetching} showSearch={{ optionFilterProp: 'label' }} value={value ?? undefined} onChange={(next) => onChange?.(next === undefined ? null : (next as number))} options={options.options} />;
}
