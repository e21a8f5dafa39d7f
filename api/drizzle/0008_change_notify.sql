-- In-process caches (api/src/cache/) learn of changes from other processes through NOTIFY: every
-- statement that writes a table they read notifies `portal_change` once its transaction commits
-- (PostgreSQL folds a transaction's identical notifications into one). task_awaiting is written only
-- by the triggers of task_nodes and task_node_approvers, which notify already. A cache that starts
-- reading another table must add it here, in a new migration.
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
CREATE TRIGGER "workflows_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workflows" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "tasks_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "task_nodes_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "task_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "task_node_approvers_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "task_node_approvers" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
