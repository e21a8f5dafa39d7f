-- In-process caches (api/src/cache/) learn of changes made outside the API through NOTIFY: every
-- statement that writes one of the rarely written tables they read notifies `portal_change` once its
-- transaction commits (PostgreSQL folds a transaction's identical notifications into one). Tasks and
-- their nodes have no trigger: they are written only through the API, whose replicas announce their
-- own writes after each request (change-feed.ts says why not from every write transaction). A cache
-- that starts reading another table must say how its changes are announced.
CREATE FUNCTION "portal_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_change', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "employees_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "organizations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "approval_proxies_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "approval_proxies" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "workflows_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workflows" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
