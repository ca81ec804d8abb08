ALTER TABLE "stored_objects" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "stored_objects_owner_hash_idx" ON "stored_objects" USING btree ("owner_id","bucket","content_hash");