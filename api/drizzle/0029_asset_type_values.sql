-- 資材貸出申請 written before 0027_assets (issue 31) still hold the old form's fixed choice in
-- assets_type ('pc', 'monitor', 'mobile') and a 返却予定日 in expiration_date. Each such request now
-- names the asset type that choice showed (ノートPC, モニター, 携帯電話), created 期限なし and active when
-- the company has no type of that name yet (the console then sets its validity and units), and holds
-- the type's months in expiration_date and empty software, software_id and asset_id, as a request
-- submitted on the new form would: so its view, its card and its approval read it as one of theirs.
INSERT INTO "asset_types" ("name")
SELECT DISTINCT "m"."name"
FROM "tasks" "t"
JOIN "workflows" "w" ON "w"."id" = "t"."workflow_id" AND "w"."kind" = 'asset_lend'
JOIN (VALUES ('pc', 'ノートPC'), ('monitor', 'モニター'), ('mobile', '携帯電話')) AS "m" ("code", "name")
  ON "t"."values"->>'assets_type' = "m"."code"
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
UPDATE "tasks" "t"
SET "values" = "t"."values" || jsonb_build_object(
  'assets_type', "at"."id",
  'expiration_date', "at"."validity_period",
  'software', COALESCE("t"."values"->>'software', ''),
  'software_id', COALESCE("t"."values"->>'software_id', ''),
  'asset_id', COALESCE("t"."values"->>'asset_id', ''))
FROM "workflows" "w",
  (VALUES ('pc', 'ノートPC'), ('monitor', 'モニター'), ('mobile', '携帯電話')) AS "m" ("code", "name"),
  "asset_types" "at"
WHERE "w"."id" = "t"."workflow_id" AND "w"."kind" = 'asset_lend'
  AND "t"."values"->>'assets_type' = "m"."code" AND "at"."name" = "m"."name";
