CREATE TABLE "sign_in_backoffs" (
	"subject" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_grants_amount_positive" CHECK ("staff_grants"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sign_in_backoffs" ADD CONSTRAINT "sign_in_backoffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_backoffs_account_idx" ON "sign_in_backoffs" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_backoffs_last_idx" ON "sign_in_backoffs" USING btree ("last_failed_at");--> statement-breakpoint
CREATE INDEX "staff_grants_window_idx" ON "staff_grants" USING btree ("actor_id","account_id","kind","created_at");