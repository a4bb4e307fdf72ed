ALTER TABLE "blogs" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_image_size_positive" CHECK (("blogs"."image_width" IS NULL) = ("blogs"."image_height" IS NULL) AND coalesce("blogs"."image_width" > 0 AND "blogs"."image_height" > 0, true));