-- The caches (api/src/cache/) now follow each table on its own (change-feed.ts): a trigger's NOTIFY
-- names its table, and the tables the new caches read (workflow definitions, the calendar, contracts,
-- positions, leave) notify too. A write from outside the API then drops only what was read from that
-- table. Still statement triggers: one notification per statement, folded per transaction.
CREATE OR REPLACE FUNCTION "portal_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workflow_fields_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workflow_fields" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "nodes_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nodes" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "node_approvers_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "node_approvers" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "company_calendar_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_calendar" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "company_days_off_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_days_off" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "contracts_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contracts" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "positions_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "positions" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "vacations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacations" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
