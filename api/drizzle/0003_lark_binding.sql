CREATE TABLE "lark_bindings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"open_id" varchar(64) NOT NULL,
	"union_id" varchar(64) DEFAULT '' NOT NULL,
	"user_id_in_lark" varchar(64) DEFAULT '' NOT NULL,
	"tenant_key" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lark_bindings_open_id_unique" UNIQUE("open_id")
);
--> statement-breakpoint
ALTER TABLE "lark_bindings" ADD CONSTRAINT "lark_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;