import type { CreditConditions, RedemptionValue } from '@dp/contracts';

/** What the calculation needs of a programme and the state it applies (its conditions as the version sets them). */
export interface ProgramTerms extends CreditConditions {
  program_id: number;
  client_id: number | null;
  program_state_id: number;
  name: string;
  bank_id: number;
  bank_name: string;
  bank_logo_id: number | null;
  brand_id: number | null;
  owners: number | null;
  preferential: boolean;
  leasing: boolean;
  disclaimer: string | null;
  redemption_percent: number | null;
  car_type: string;
  car_age: number;
  car_age_limit: number;
  redemption_values: RedemptionValue[];
}

export interface SiteCreditSettings {
  default_period: number;
  max_period: number;
  fee_percent: number;
  residual_percent: number;
}

/** What a site's calculations read: the current published terms of the programmes in its packs, and its settings. */
export interface SiteCreditTerms {
  programs: ProgramTerms[];
  settings: SiteCreditSettings;
}
