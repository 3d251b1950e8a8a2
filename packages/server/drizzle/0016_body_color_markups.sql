CREATE TABLE "car_body_color_markups" (
	"id" serial PRIMARY KEY NOT NULL,
	"body_color_id" integer NOT NULL,
	"marketing_complectation_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_body_color_markups" ADD CONSTRAINT "car_body_color_markups_body_color_id_car_body_colors_id_fk" FOREIGN KEY ("body_color_id") REFERENCES "public"."car_body_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_body_color_markups" ADD CONSTRAINT "car_body_color_markups_marketing_complectation_id_car_marketing_complectations_id_fk" FOREIGN KEY ("marketing_complectation_id") REFERENCES "public"."car_marketing_complectations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_body_color_markups" ADD CONSTRAINT "car_body_color_markups_brand_id_car_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."car_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_body_color_markups_pair" ON "car_body_color_markups" USING btree ("body_color_id","marketing_complectation_id");--> statement-breakpoint
CREATE INDEX "car_body_color_markups_brand" ON "car_body_color_markups" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "car_body_color_markups_mc" ON "car_body_color_markups" USING btree ("marketing_complectation_id");