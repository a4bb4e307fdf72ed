CREATE TABLE "question_image_uses" (
	"question_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "question_image_uses_question_id_image_id_pk" PRIMARY KEY("question_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "question_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_images_size_in_limit" CHECK ("question_images"."size_bytes" > 0 and "question_images"."size_bytes" <= 5242880),
	CONSTRAINT "question_images_dimensions" CHECK ("question_images"."width" > 0 and "question_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "question_image_uses" ADD CONSTRAINT "question_image_uses_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_image_uses" ADD CONSTRAINT "question_image_uses_image_id_question_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."question_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_image_uses_image_idx" ON "question_image_uses" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_images_object_key_unique" ON "question_images" USING btree ("object_key");