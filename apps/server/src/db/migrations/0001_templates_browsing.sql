ALTER TABLE "generations" ADD COLUMN "usage_counted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_objects_upload_name_idx" ON "stored_objects" USING btree ("owner_id","bucket","name") WHERE "stored_objects"."bucket" = 'temp-images';--> statement-breakpoint
CREATE UNIQUE INDEX "templates_image_key_idx" ON "templates" USING btree ("image_key");