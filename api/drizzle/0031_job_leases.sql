CREATE TABLE "job_leases" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"holder" varchar(32) NOT NULL,
	"until" timestamp with time zone NOT NULL
);
