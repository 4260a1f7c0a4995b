#!/usr/bin/env python3
"""Regenerates train.tsv.gz and test.tsv.gz from ../../shared (see NOTICE).

Documents are found by matching each IOB sentence against the PubTator
titles of the same split, and whole documents are kept, each preceded by a
-DOCSTART- line. Run from this directory: python3 mksample.py
"""
import gzip

SHARED = "../../shared/corpora/"

def titles(pubtator):
    out = set()
    for line in open(SHARED + "pubtator/" + pubtator, encoding="utf-8"):
        parts = line.rstrip("\n").split("|", 2)
        if len(parts) == 3 and parts[1] == "t":
            out.add("".join(parts[2].split()))
    return out

def sentences(path):
    sent = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            if sent:
                yield sent
            sent = []
        else:
            sent.append(line)
    if sent:
        yield sent

def docs(iob, pubtator):
    ts = titles(pubtator)
    doc = []
    for s in sentences(SHARED + "BC5CDR-IOB/" + iob):
        if "".join(l.split("\t")[0] for l in s) in ts and doc:
            yield doc
            doc = []
        doc.append(s)
    if doc:
        yield doc

def write(out, iob, pubtator, target):
    n = 0
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        for d in docs(iob, pubtator):
            if n >= target:
                break
            f.write(b"-DOCSTART-\tO\n\n")
            for s in d:
                f.write(("\n".join(s) + "\n\n").encode("utf-8"))
            n += len(d)
    print(out, n, "sentences")

write("train.tsv.gz", "train.tsv", "CDR_TrainingSet.PubTator.txt", 1500)
write("test.tsv.gz", "devel.tsv", "CDR_DevelopmentSet.PubTator.txt", 500)
