-- auth.processing: every change of who may do what is NOTIFYed on channel dp_access, in the
-- transaction of the change (sent at commit, never for a rollback), from any code path, so that
-- each process drops what its access cache holds for it (services/auth.processing/access-cache.ts).
-- Payload: the user's id; '*' for changes that may concern many users; 'routes' for the gateway
-- route table and its restrictions.
CREATE OR REPLACE FUNCTION dp_access_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user text;
  new_user text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_user := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'DELETE' THEN new_user := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF old_user IS NOT NULL THEN PERFORM pg_notify('dp_access', old_user); END IF;
  IF new_user IS NOT NULL AND new_user IS DISTINCT FROM old_user THEN PERFORM pg_notify('dp_access', new_user); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dp_access_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dp_access', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session ended, moved to another client or shortened (a refresh only lengthens it).
CREATE TRIGGER sessions_access_updated AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.client_id IS DISTINCT FROM NEW.client_id
    OR OLD.user_id <> NEW.user_id OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
CREATE TRIGGER sessions_access_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
-- The user itself: activation, staff status, e-mail, default client, password, profile (/me).
CREATE TRIGGER users_access_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('id');--> statement-breakpoint
CREATE TRIGGER user_roles_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
CREATE TRIGGER user_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_permissions FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
CREATE TRIGGER user_clients_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_clients FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
CREATE TRIGGER user_groups_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_groups FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('user_id');--> statement-breakpoint
-- A custom token deleted or narrowed (its use, last_used_at, changes nothing).
CREATE TRIGGER custom_tokens_access_updated AFTER UPDATE ON custom_tokens FOR EACH ROW
  WHEN (OLD.client_ids IS DISTINCT FROM NEW.client_ids OR OLD.brand_ids IS DISTINCT FROM NEW.brand_ids
    OR OLD.permissions IS DISTINCT FROM NEW.permissions OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.created_by IS DISTINCT FROM NEW.created_by)
  EXECUTE FUNCTION dp_access_user_changed('created_by');--> statement-breakpoint
CREATE TRIGGER custom_tokens_access_deleted AFTER DELETE ON custom_tokens FOR EACH ROW EXECUTE FUNCTION dp_access_user_changed('created_by');--> statement-breakpoint
-- Many users at once: a role's permissions, role and permission records, clients entering or
-- leaving groups (their users' scopes) or renamed (/me), sites created or moved (/me has_sites).
CREATE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER permissions_access_changed AFTER UPDATE OR DELETE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER clients_access_changed AFTER INSERT OR DELETE ON clients FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER clients_access_updated AFTER UPDATE OF name, group_ids ON clients FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER sites_access_changed AFTER INSERT OR DELETE ON sites FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
CREATE TRIGGER sites_access_updated AFTER UPDATE OF client_id ON sites FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('*');--> statement-breakpoint
-- The gateway's route table and restrictions: every process reloads them at once.
CREATE TRIGGER gateway_routes_access_changed AFTER INSERT OR UPDATE OR DELETE ON gateway_routes FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('routes');--> statement-breakpoint
CREATE TRIGGER restrictions_access_changed AFTER INSERT OR UPDATE OR DELETE ON restrictions FOR EACH STATEMENT EXECUTE FUNCTION dp_access_all_changed('routes');
