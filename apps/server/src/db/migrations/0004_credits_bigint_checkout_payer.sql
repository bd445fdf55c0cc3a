ALTER TABLE "credit_accounts" ALTER COLUMN "balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "balance_after" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_reservations" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_reservations" ALTER COLUMN "actual_cost" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payer_token_hash" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_balance_max" CHECK ("credit_accounts"."balance" <= 1000000000000000);