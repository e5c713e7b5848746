-- Consents recorded before their history existed get their "given" row, with who recorded them
-- (customer or owner), how and when, so every consent's history starts at its beginning.
INSERT INTO "gallery_consent_history" ("submission_id", "event", "actor", "method", "note", "at")
SELECT "submission_id", 'given', "recorded_by", "method", "note", "recorded_at"
FROM "gallery_consents"
WHERE NOT EXISTS (
  SELECT 1 FROM "gallery_consent_history" h WHERE h."submission_id" = "gallery_consents"."submission_id"
);
