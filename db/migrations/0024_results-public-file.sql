ALTER TABLE "published_results" ADD COLUMN "digest_format" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "results_file" text;--> statement-breakpoint
ALTER TABLE "result_rows" ADD COLUMN "pseudonym" text;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_file_of_format_2" CHECK (("published_results"."digest_format" = 2) = ("published_results"."results_file" is not null));