-- Built after the bulk load: maintaining them row by row would make the
-- load several times slower.
-- terms_norm gives the (norm, concept) pairs of the lookups table in
-- order, without reading the table rows, which hold the long strings.
CREATE INDEX terms_norm ON terms(norm, concept);
CREATE INDEX terms_concept ON terms(concept);
CREATE INDEX semtypes_concept ON semtypes(concept);
CREATE INDEX xrefs_concept ON xrefs(concept);
CREATE INDEX xrefs_xref ON xrefs(xref);
