-- The cars' trigram search indexes take the feed import's bulk writes through a small pending list (kit/search-index.ts bulkSearchIndex); altered in place, not rebuilt.
ALTER INDEX "cars_vin_search" SET (fastupdate=true, gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "cars_external_id_search" SET (fastupdate=true, gin_pending_list_limit=256);
