-- PGlite loads pg_trgm as an extension bundle (db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "templates_name_trgm_idx" ON "templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_category_trgm_idx" ON "templates" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_templates_name_trgm_idx" ON "user_templates" USING gin ("name" gin_trgm_ops);