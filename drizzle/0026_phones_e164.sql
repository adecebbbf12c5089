-- Issue 30 item 1: phones are stored as E.164, as app/features/customers/phone.ts reads them.
-- Hand-written backfill. Orders taken before the shared contact fields (migration 0011) kept
-- the phone as it was typed. Spaces, dashes, dots and brackets are dropped; then a 10-digit
-- Indian mobile (first digit 6 to 9) with or without a trunk 0, 91, +91 or 0091 in front
-- becomes +91 and its ten digits. Anything else (a landline, a foreign number, too few or too
-- many digits) cannot be read as an Indian mobile and is left as it is.
-- customers.phone needs no backfill: its check (customers_phone_check, migration 0011) has
-- held it to +91 and ten digits since the table was made.
UPDATE "orders"
SET "phone" = '+91' || right(regexp_replace("phone", '[\s().-]', '', 'g'), 10)
WHERE "phone" !~ '^\+91[6-9][0-9]{9}$'
  AND regexp_replace("phone", '[\s().-]', '', 'g') ~ '^(\+91|0091|91|0)?[6-9][0-9]{9}$';
