-- Built after the bulk load: maintaining them row by row would make the
-- load several times slower.
CREATE INDEX terms_norm ON terms(norm);
CREATE INDEX terms_concept ON terms(concept);
CREATE INDEX semtypes_concept ON semtypes(concept);
CREATE INDEX xrefs_concept ON xrefs(concept);
CREATE INDEX xrefs_xref ON xrefs(xref);
