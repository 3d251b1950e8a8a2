-- Every change of the credit calculator's tables NOTIFYs dp_credit, so that each process drops the
-- programme terms it keeps for calculations (services/credit.calc/credit-cache.ts).
CREATE OR REPLACE FUNCTION dp_credit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dp_credit', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER credit_banks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credit_banks FOR EACH STATEMENT EXECUTE FUNCTION dp_credit_changed();--> statement-breakpoint
CREATE TRIGGER credit_programs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credit_programs FOR EACH STATEMENT EXECUTE FUNCTION dp_credit_changed();--> statement-breakpoint
CREATE TRIGGER credit_program_states_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credit_program_states FOR EACH STATEMENT EXECUTE FUNCTION dp_credit_changed();--> statement-breakpoint
CREATE TRIGGER credit_packs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credit_packs FOR EACH STATEMENT EXECUTE FUNCTION dp_credit_changed();--> statement-breakpoint
CREATE TRIGGER credit_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credit_settings FOR EACH STATEMENT EXECUTE FUNCTION dp_credit_changed();
