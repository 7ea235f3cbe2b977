-- The rule of a document number's identity (docid.Number) that the stored keys (num_norm,
-- inum_norm) were made by. store.Renormalise brings keys made by an older rule to the current
-- one, in Go, once: 0 is the rule before docid (every separator dropped: "1/234" = "12/34").
CREATE TABLE docid_rule (version INTEGER NOT NULL);
INSERT INTO docid_rule (version) VALUES (0);
