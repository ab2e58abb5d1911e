CREATE TABLE "statistics_memo" (
	"key" text PRIMARY KEY NOT NULL,
	"through" date NOT NULL,
	"mark" text NOT NULL,
	"answer" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_daily_done" ADD COLUMN "filled" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "statistics_daily_done_filled_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);