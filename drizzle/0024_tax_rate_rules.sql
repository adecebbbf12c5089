CREATE TABLE "tax_rate_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_rate_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"above_paise" integer,
	"up_to_paise" integer,
	"rate_percent" real NOT NULL,
	"effective_from" date NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "tax_rate_rules_code_check" CHECK ("tax_rate_rules"."code" ~ '^[0-9]{2,8}$'),
	CONSTRAINT "tax_rate_rules_rate_check" CHECK ("tax_rate_rules"."rate_percent" >= 0 and "tax_rate_rules"."rate_percent" <= 28 and "tax_rate_rules"."rate_percent" * 2 = floor("tax_rate_rules"."rate_percent" * 2)),
	CONSTRAINT "tax_rate_rules_band_check" CHECK (("tax_rate_rules"."above_paise" is null or "tax_rate_rules"."above_paise" >= 0) and ("tax_rate_rules"."up_to_paise" is null or "tax_rate_rules"."up_to_paise" >= 0) and ("tax_rate_rules"."above_paise" is null or "tax_rate_rules"."up_to_paise" is null or "tax_rate_rules"."above_paise" < "tax_rate_rules"."up_to_paise"))
);
--> statement-breakpoint
CREATE INDEX "tax_rate_rules_code_idx" ON "tax_rate_rules" USING btree ("code","effective_from");--> statement-breakpoint
-- Hand-written: the rules in force before and since GST 2.0 (22-09-2025) for the shop's goods
-- (issue 29 item 1; decision 024-gst-price-bands), labelled for the accountant to confirm.
INSERT INTO "tax_rate_rules" ("code", "above_paise", "up_to_paise", "rate_percent", "effective_from", "label") VALUES
  ('61', NULL, 100000, 5, '2017-07-01', 'Chapter 61 knitted or crocheted apparel, sale value up to ₹1,000 a piece (before GST 2.0): to be confirmed by the shop''s accountant'),
  ('61', 100000, NULL, 12, '2017-07-01', 'Chapter 61 knitted or crocheted apparel, sale value above ₹1,000 a piece (before GST 2.0): to be confirmed by the shop''s accountant'),
  ('61', NULL, 250000, 5, '2025-09-22', 'Chapter 61 knitted or crocheted apparel, sale value up to ₹2,500 a piece (GST 2.0, 56th GST Council): to be confirmed by the shop''s accountant'),
  ('61', 250000, NULL, 18, '2025-09-22', 'Chapter 61 knitted or crocheted apparel, sale value above ₹2,500 a piece (GST 2.0, 56th GST Council): to be confirmed by the shop''s accountant'),
  ('62', NULL, 100000, 5, '2017-07-01', 'Chapter 62 apparel, not knitted, sale value up to ₹1,000 a piece (before GST 2.0): to be confirmed by the shop''s accountant'),
  ('62', 100000, NULL, 12, '2017-07-01', 'Chapter 62 apparel, not knitted, sale value above ₹1,000 a piece (before GST 2.0): to be confirmed by the shop''s accountant'),
  ('62', NULL, 250000, 5, '2025-09-22', 'Chapter 62 apparel, not knitted, sale value up to ₹2,500 a piece (GST 2.0, 56th GST Council): to be confirmed by the shop''s accountant'),
  ('62', 250000, NULL, 18, '2025-09-22', 'Chapter 62 apparel, not knitted, sale value above ₹2,500 a piece (GST 2.0, 56th GST Council): to be confirmed by the shop''s accountant'),
  ('5007', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5007: to be confirmed by the shop''s accountant'),
  ('5111', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5111: to be confirmed by the shop''s accountant'),
  ('5112', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5112: to be confirmed by the shop''s accountant'),
  ('5113', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5113: to be confirmed by the shop''s accountant'),
  ('5208', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5208: to be confirmed by the shop''s accountant'),
  ('5209', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5209: to be confirmed by the shop''s accountant'),
  ('5210', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5210: to be confirmed by the shop''s accountant'),
  ('5211', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5211: to be confirmed by the shop''s accountant'),
  ('5212', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5212: to be confirmed by the shop''s accountant'),
  ('5309', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5309: to be confirmed by the shop''s accountant'),
  ('5310', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5310: to be confirmed by the shop''s accountant'),
  ('5311', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5311: to be confirmed by the shop''s accountant'),
  ('5407', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5407: to be confirmed by the shop''s accountant'),
  ('5408', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5408: to be confirmed by the shop''s accountant'),
  ('5512', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5512: to be confirmed by the shop''s accountant'),
  ('5513', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5513: to be confirmed by the shop''s accountant'),
  ('5514', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5514: to be confirmed by the shop''s accountant'),
  ('5515', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5515: to be confirmed by the shop''s accountant'),
  ('5516', NULL, NULL, 5, '2017-07-01', 'Woven fabric, heading 5516: to be confirmed by the shop''s accountant'),
  ('998821', NULL, NULL, 5, '2017-07-01', 'Tailoring services (SAC 998821): to be confirmed by the shop''s accountant');
