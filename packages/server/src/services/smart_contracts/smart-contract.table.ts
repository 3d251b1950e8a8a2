import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SmartServiceWidgetEntry, SmartWidgetEntry } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * A site's smart contract widget settings (contracts smart_contracts/smart-contract.resource.ts),
 * one per site. The widgets and service widgets are lists of entries naming the client's
 * dealerships (jsonb: always read and written whole with the settings).
 */
export const smartContractSettings = pgTable(
  'smart_contract_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    car_identity: varchar('car_identity', { length: 8 }).notNull().default('url'),
    environment: varchar('environment', { length: 100 }),
    widgets: jsonb('widgets').$type<SmartWidgetEntry[]>().notNull().default([]),
    service_widgets: jsonb('service_widgets').$type<SmartServiceWidgetEntry[]>().notNull().default([]),
    service_test_env: boolean('service_test_env').notNull().default(false),
    replace_car_order_form: boolean('replace_car_order_form').notNull().default(false),
    replace_buy_model_form: boolean('replace_buy_model_form').notNull().default(false),
    hide_tooltip: boolean('hide_tooltip').notNull().default(false),
    custom_button_class: varchar('custom_button_class', { length: 255 }),
    custom_credit_standalone_title: varchar('custom_credit_standalone_title', { length: 255 }),
    disable_on_detail: boolean('disable_on_detail').notNull().default(false),
    disable_on_list: boolean('disable_on_list').notNull().default(false),
    base_service_widget_id: varchar('base_service_widget_id', { length: 100 }),
    trade_in_popup: boolean('trade_in_popup').notNull().default(false),
    trade_in_popup_text: text('trade_in_popup_text'),
    kto_enabled: boolean('kto_enabled').notNull().default(false),
    kto_base_widget_id: varchar('kto_base_widget_id', { length: 100 }),
    kto_widget_ids: text('kto_widget_ids').array().notNull().default([]),
    kto_custom_code: text('kto_custom_code'),
    body_repair_enabled: boolean('body_repair_enabled').notNull().default(false),
    body_repair_widget_ids: text('body_repair_widget_ids').array().notNull().default([]),
    body_repair_test_env: boolean('body_repair_test_env').notNull().default(false),
    body_repair_version: integer('body_repair_version'),
    body_repair_cities_order: varchar('body_repair_cities_order', { length: 1000 }),
    use_dealer_locator: boolean('use_dealer_locator').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('smart_contract_settings_site_idx').on(t.site_id)],
);
