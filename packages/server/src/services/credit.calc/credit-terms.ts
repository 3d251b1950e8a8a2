import type { RedemptionValue } from '@dp/contracts';

/** What the calculation needs of a programme and the state it applies. */
export interface ProgramTerms {
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
  term_min: number;
  term_max: number;
  down_payment_min: number;
  down_payment_max: number;
  residual_min: number;
  residual_max: number;
  loan_amount_min: number;
  loan_amount_max: number | null;
  interest_rate: number;
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
