CREATE TABLE "task_awaiting" (
	"user_id" integer NOT NULL,
	"task_node_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"reached_at" timestamp with time zone,
	CONSTRAINT "task_awaiting_task_node_id_user_id_pk" PRIMARY KEY("task_node_id","user_id")
);
--> statement-breakpoint
DROP INDEX "task_nodes_awaiting_idx";--> statement-breakpoint
ALTER TABLE "task_awaiting" ADD CONSTRAINT "task_awaiting_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_awaiting" ADD CONSTRAINT "task_awaiting_task_node_id_task_nodes_id_fk" FOREIGN KEY ("task_node_id") REFERENCES "public"."task_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_awaiting_user_id_reached_at_idx" ON "task_awaiting" USING btree ("user_id","reached_at" DESC NULLS FIRST,"task_node_id" DESC NULLS FIRST);--> statement-breakpoint
-- task_awaiting follows task_nodes and task_node_approvers (schema/tasks.ts says why): a node that
-- starts awaiting action (status 01, not an observer) gets one row per approver; one that stops loses
-- them; a new reached_at is copied. Triggers, so that no transition can forget it.
CREATE FUNCTION "task_awaiting_follow_node"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = '01' AND NOT OLD."is_observer" THEN
    IF NEW."status" = '01' AND NOT NEW."is_observer" THEN
      UPDATE "task_awaiting" SET "reached_at" = NEW."reached_at" WHERE "task_node_id" = NEW."id";
    ELSE
      DELETE FROM "task_awaiting" WHERE "task_node_id" = NEW."id";
    END IF;
  ELSIF NEW."status" = '01' AND NOT NEW."is_observer" THEN
    INSERT INTO "task_awaiting" ("user_id", "task_node_id", "task_id", "reached_at")
    SELECT a."user_id", NEW."id", NEW."task_id", NEW."reached_at"
    FROM "task_node_approvers" a WHERE a."task_node_id" = NEW."id"
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "task_nodes_awaiting_insert" AFTER INSERT ON "task_nodes"
FOR EACH ROW WHEN (NEW."status" = '01') EXECUTE FUNCTION "task_awaiting_follow_node"();
--> statement-breakpoint
CREATE TRIGGER "task_nodes_awaiting_update" AFTER UPDATE OF "status", "reached_at", "is_observer", "task_id" ON "task_nodes"
FOR EACH ROW WHEN (OLD."status" = '01' OR NEW."status" = '01') EXECUTE FUNCTION "task_awaiting_follow_node"();
--> statement-breakpoint
CREATE FUNCTION "task_awaiting_follow_approver"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "task_awaiting" WHERE "task_node_id" = OLD."task_node_id" AND "user_id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "task_awaiting" ("user_id", "task_node_id", "task_id", "reached_at")
    SELECT NEW."user_id", n."id", n."task_id", n."reached_at"
    FROM "task_nodes" n WHERE n."id" = NEW."task_node_id" AND n."status" = '01' AND NOT n."is_observer"
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "task_node_approvers_awaiting" AFTER INSERT OR UPDATE OR DELETE ON "task_node_approvers"
FOR EACH ROW EXECUTE FUNCTION "task_awaiting_follow_approver"();
--> statement-breakpoint
INSERT INTO "task_awaiting" ("user_id", "task_node_id", "task_id", "reached_at")
SELECT a."user_id", n."id", n."task_id", n."reached_at"
FROM "task_nodes" n JOIN "task_node_approvers" a ON a."task_node_id" = n."id"
WHERE n."status" = '01' AND NOT n."is_observer";
