ALTER TABLE "push_devices" DROP CONSTRAINT "push_devices_token_unique";--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "token_hash" char(32) GENERATED ALWAYS AS (md5("push_devices"."token")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_token_hash_unique" UNIQUE("token_hash");