-- The public facts of the website version live now, so that e-mails and function answers state
-- what the live pages state from the first deploy of this change (before it, they read the saved
-- drafts). Recorded as live from now: a quote or invoice sent before this change keeps the contact
-- lines of the settings it was made under (traderAt falls back to them before the first row).
-- Without a live version with a business part nothing is copied: the config's defaults apply until
-- the next publish, as on the pages.
INSERT INTO "business_published_facts" ("facts", "publication_id", "live_at")
SELECT "content" -> 'business', "id", now()
FROM "site_publications"
WHERE "state" = 'live' AND jsonb_typeof("content" -> 'business') = 'object'
ORDER BY "id" DESC
LIMIT 1;
