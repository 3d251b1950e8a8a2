import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, List, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAR_AGE_CHOICES, CREDIT_CAR_TYPES, hasAnyPermission, seededText, t as messageText, type CalculationResult, type CreditOffer, type Lang } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { useMoney, type MoneyFormat } from '../../kit/Money.tsx';
import { MoneyInput } from '../../kit/MoneyInput.tsx';
import { calculate } from './credit-api.ts';

interface PreviewValues {
  price?: number;
  car_type: 'new' | 'used';
  car_age: number;
  brand_id?: number | null;
  /** The picked car's: its discounts (benefits) apply. */
  marketing_complectation_id?: number | null;
  /** The picked car's previous owners (a program's and a discount's owner conditions). */
  owners?: number | null;
  down_payment_percent?: number | null;
  term?: number | null;
  residual_percent?: number | null;
}

interface StockCar {
  vin: string | null;
  price: number | null;
  is_new: boolean;
  year: number | null;
  brand_id: number | null;
  marketing_complectation_id: number | null;
  owners: number | null;
}

/** The cars of a site's stock to pick a price from (cars.stock; none without its read code). */
function useStockCars(siteId: number | undefined) {
  const { user } = useSession();
  const allowed = !!siteId && !!user && hasAnyPermission(user.permissions, 'cars.stock', ['cars.get_list']);
  const query = useQuery({
    queryKey: ['cars.stock', 'cars', 'credit-preview', siteId],
    enabled: allowed,
    staleTime: 60_000,
    retry: false,
    // The newest 50 new cars and 50 used ones: a stock of either kind never hides the other.
    queryFn: async ({ signal }) => {
      const ofKind = async (isNew: boolean) => (await api.list<StockCar>(gatewayPath('cars.stock', 'cars'), { 'filter[site_id]': siteId!, 'filter[is_new]': String(isNew), 'page[size]': 50, sort: '-id' }, signal)).data;
      const [fresh, used] = await Promise.all([ofKind(true), ofKind(false)]);
      return [...fresh, ...used];
    },
  });
  return { allowed: allowed && !query.isError, cars: query.data ?? [], loading: query.isFetching };
}

/** A stock car as the picker lists it: VIN, year, price. */
const carLabel = (car: StockCar, id: string, amounts: MoneyFormat) => [car.vin ?? `#${id}`, car.year, car.price != null ? amounts.text(car.price) : null].filter(Boolean).join(' · ');

/**
 * The calculator as a site would show it, inside the admin: type a price (or pick a car of the
 * site's stock), see every applicable programme's payments and the ones not offered with why.
 * With a site, its packs and settings apply; on a programme's page, that programme (or one of its
 * versions) alone.
 */
export function CalculatorPreview({ siteId, programIds, programStateId }: { siteId?: number; programIds?: number[]; programStateId?: string }) {
  const { t } = useTranslation(['credit.calc', 'common']);
  const { lang } = useSession();
  const amounts = useMoney();
  /** The calculation's amounts are kopecks: as text, and as a cell with the rate in its tooltip. */
  const money = (kopecks: number) => amounts.text(kopecks / 100, 2);
  const moneyCell = (kopecks: number) => amounts.cell(kopecks / 100, 2);
  const [form] = Form.useForm<PreviewValues>();
  const stock = useStockCars(siteId);
  const [result, setResult] = useState<CalculationResult | null>(null);
  const run = useMutation({
    mutationFn: (values: PreviewValues) =>
      calculate({
        price: values.price,
        car_type: values.car_type,
        car_age: values.car_age,
        ...(values.brand_id ? { brand_id: values.brand_id } : {}),
        ...(values.marketing_complectation_id && siteId ? { marketing_complectation_id: values.marketing_complectation_id } : {}),
        ...(values.owners != null ? { owners: values.owners } : {}),
        ...(values.down_payment_percent != null ? { down_payment_percent: values.down_payment_percent } : {}),
        ...(values.term != null ? { term: values.term } : {}),
        ...(values.residual_percent != null ? { residual_percent: values.residual_percent } : {}),
        ...(siteId ? { site_id: siteId } : {}),
        ...(programIds ? { program_ids: programIds } : {}),
        ...(programStateId ? { program_state_id: Number(programStateId) } : {}),
      }),
    onSuccess: setResult,
  });
  const pickCar = (index: number | undefined) => {
    const car = index === undefined ? undefined : stock.cars[index];
    if (!car) {
      form.setFieldsValue({ brand_id: null, marketing_complectation_id: null, owners: null });
      return;
    }
    const age = car.attributes.year ? Math.max(0, new Date().getFullYear() - car.attributes.year) : 0;
    form.setFieldsValue({ price: car.attributes.price ?? undefined, car_type: car.attributes.is_new ? 'new' : 'used', car_age: Math.min(age, 15), brand_id: car.attributes.brand_id, marketing_complectation_id: car.attributes.marketing_complectation_id, owners: car.attributes.owners ?? null });
  };
  /** The discounts an offer is calculated with (the result lists each discount once, an offer names them). */
  const benefitsOf = (offer: CreditOffer) => (result?.benefits ?? []).filter((benefit) => offer.benefit_ids.includes(benefit.discount_id));
  const columns = [
    {
      title: t('preview.program'),
      key: 'name',
      render: (_: unknown, offer: CreditOffer) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{seededText(offer.name, lang as Lang)}</Typography.Text>
          <Typography.Text type="secondary">{seededText(offer.bank_name, lang as Lang)}</Typography.Text>
          <Space size={4} wrap>
            {offer.preferential && <Tag color="green">{t('preview.preferential')}</Tag>}
            {offer.leasing && <Tag>{t('preview.leasing')}</Tag>}
            {benefitsOf(offer).map((benefit) => (
              <Tag color="blue" key={benefit.discount_id} data-testid="credit-benefit">
                {t('preview.discount', { name: seededText(benefit.program_name, lang as Lang), sum: money(benefit.sum) })}
              </Tag>
            ))}
          </Space>
        </Space>
      ),
    },
    { title: t('preview.rate'), key: 'rate', render: (_: unknown, offer: CreditOffer) => <span className="credit-preview__nowrap">{offer.rate} %</span> },
    { title: t('preview.monthly'), key: 'monthly', render: (_: unknown, offer: CreditOffer) => <Typography.Text strong data-testid="credit-monthly" className="credit-preview__nowrap">{moneyCell(offer.monthly_payment)}</Typography.Text> },
    { title: t('preview.last'), key: 'last', responsive: ['md' as const], render: (_: unknown, offer: CreditOffer) => moneyCell(offer.last_payment) },
    { title: t('preview.residual'), key: 'residual', responsive: ['md' as const], render: (_: unknown, offer: CreditOffer) => moneyCell(offer.residual_payment) },
    { title: t('preview.loan'), key: 'loan', responsive: ['lg' as const], render: (_: unknown, offer: CreditOffer) => moneyCell(offer.loan_amount) },
    { title: t('preview.total'), key: 'total', responsive: ['lg' as const], render: (_: unknown, offer: CreditOffer) => moneyCell(offer.total_paid) },
    { title: t('preview.overpayment'), key: 'overpayment', responsive: ['md' as const], render: (_: unknown, offer: CreditOffer) => moneyCell(offer.overpayment) },
  ];
  return (
    <Card variant="borderless" className="page-card credit-preview" title={<Space><CalculatorOutlined aria-hidden />{t('preview.title')}</Space>}>
      <Typography.Paragraph type="secondary">{t('preview.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ car_type: 'new', car_age: 0 }} onFinish={(values) => run.mutate(values)}>
        <Form.Item name="brand_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="marketing_complectation_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="owners" hidden>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          {stock.allowed && (
            <Col xs={24} lg={12}>
              <Form.Item label={t('preview.pick_car')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={stock.loading}
                  placeholder={t('preview.pick_car_placeholder')}
                  aria-label={t('preview.pick_car')}
                  onChange={pickCar}
                  options={CREDIT_CAR_TYPES.map((type) => ({
                    label: t(`car_types.${type}`),
                    options: stock.cars.flatMap((car, index) => ((car.attributes.is_new ? 'new' : 'used') === type ? [{ value: index, label: carLabel(car.attributes, car.id, amounts) }] : [])),
                  })).filter((group) => group.options.length)}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12} lg={stock.allowed ? 12 : 8}>
            <Form.Item name="price" label={t('preview.price')} rules={[{ required: true, message: messageText('required', lang as Lang) }]}>
              <MoneyInput aria-label={t('preview.price')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4}>
            <Form.Item name="car_type" label={t('preview.car_type')}>
              <Select aria-label={t('preview.car_type')} options={CREDIT_CAR_TYPES.map((value) => ({ value, label: t(`car_types.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4}>
            <Form.Item name="car_age" label={t('preview.car_age')}>
              <Select aria-label={t('preview.car_age')} options={CAR_AGE_CHOICES.filter((value) => value >= 0).map((value) => ({ value, label: t(`car_ages.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Form.Item name="down_payment_percent" label={t('preview.down_payment_percent')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} aria-label={t('preview.down_payment_percent')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Form.Item name="term" label={t('preview.term')}>
              <InputNumber min={1} max={600} precision={0} style={{ width: '100%' }} aria-label={t('preview.term')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Form.Item name="residual_percent" label={t('preview.residual_percent')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} aria-label={t('preview.residual_percent')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={4} className="credit-preview__submit">
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" icon={<CalculatorOutlined aria-hidden />} loading={run.isPending} block>
                {t('preview.calculate')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {run.isError && <Alert type="error" showIcon title={t('preview.failed')} description={errorTitle(run.error)} />}
      {!result && !run.isError && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.nothing')} />}
      {result && !run.isError && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid="credit-summary">
            {t('preview.defaults', { down: money(result.down_payment), percent: result.down_payment_percent, term: result.term })}
            {result.max_term ? ` (${t('preview.max_term', { months: result.max_term })})` : ''}
          </Typography.Text>
          <Typography.Title level={5}>{t('preview.offers')}</Typography.Title>
          <Table<CreditOffer>
            size="small"
            rowKey="program_state_id"
            columns={columns}
            dataSource={result.offers}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.no_offers')} /> }}
            scroll={{ x: true }}
          />
          {result.excluded.length > 0 && (
            <>
              <Typography.Title level={5}>{t('preview.excluded')}</Typography.Title>
              <List
                size="small"
                dataSource={result.excluded}
                renderItem={(entry) => (
                  <List.Item>
                    <Space direction="vertical" size={0}>
                      <Typography.Text>
                        {seededText(entry.name, lang as Lang)} <Typography.Text type="secondary">· {seededText(entry.bank_name, lang as Lang)}</Typography.Text>
                      </Typography.Text>
                      <Space wrap size={4}>
                        {entry.reasons.map((reason) => (
                          <Tag key={reason} color="orange">
                            {result.reason_titles[reason]}
                          </Tag>
                        ))}
                      </Space>
                    </Space>
                  </List.Item>
                )}
              />
            </>
          )}
        </Space>
      )}
    </Card>
  );
}
