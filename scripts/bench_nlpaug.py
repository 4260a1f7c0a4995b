#!/usr/bin/env python3
"""Runs nlpaug's KeyboardAug or RandomCharAug(action="swap") on a CoNLL
corpus on the words `stress perturb --kind keyboard|swap` changes, one
character per word, and writes the corpus back: issue 34's anchor.

usage: bench_nlpaug.py CORPUS.tsv [OUT_PREFIX [keyboard|swap]]
       bench_nlpaug.py --version

nlpaug is not a dependency of stress. It is found on sys.path, or in
the checkout that $NLPAUG names (a clone of github.com/makcedward/nlpaug,
which this puts first on sys.path; its last release, tag 1.1.11, ran
faster here than the 2.0.0 of its main branch); it needs numpy, pandas
and requests (on Debian: apt-get install python3-numpy python3-pandas
python3-requests, then PYTHON=/usr/bin/python3), and 1.1 imports gdown,
which this stands in for when it is missing (nlpaug downloads models
with it). Exit status 3 when nlpaug cannot be imported. --version prints
nlpaug's version and, for a git checkout, its commit.

The same words: each sentence goes to the augmenter as one string, its
tokens joined by tabs (no token of a CoNLL file holds one; spaces would
not do: nlpaug's QWERTY table gives "u" the neighbour " t", a space and
a t, so that a typo can split a word), and the
augmenter's word choice (CharAugmenter.pre_skip_aug, the hook nlpaug's
own min_char and stopword options feed) is stress's default selection
(perturb.DefaultSelection): a word of 6 or more letters, letters only,
not a stopword (the list in perturb/select.go, read from there), and
every token of a gold mention with a run of 4 letters. aug_word_p=1
with no aug_word_max then changes every selected word, in nlpaug's own
random order; aug_char_min=aug_char_max=1 changes one character of each
(KeyboardAug: a keyboard neighbour, digits and punctuation keys included
as stress's keyboard has them, and capitals, include_upper_case=True,
without which nlpaug has no neighbour for a capital letter and leaves
all-capital words such as "METHODS" unchanged; stress keeps a letter's
case, nlpaug then picks either. RandomCharAug: a character and its
neighbour, swap_mode "adjacent", which leaves a word unchanged when the
two are the same letter, where stress swaps two different letters).
scripts/speed.py counts the words each changed. The hook costs less than
nlpaug's own choice would (on issue 34's file 0.25 s CPU, against
0.48 s for min_char=6 with the stopwords as a list, measured once).
Python's random is seeded with 1. Each sentence is written back as CoNLL lines (token, tab, tag)
under OUT_PREFIX_KIND.tsv; with an empty OUT_PREFIX nothing is written.

Prints, per augmenter, the tokens, the words selected and
the CPU seconds of the augmentation loop alone (imports and reading
excluded); scripts/speed.py times the whole process.
"""
import os
import random
import re
import subprocess
import sys
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def import_nlpaug():
    """Imports nlpaug's character augmenters, from $NLPAUG when set."""
    home = os.environ.get("NLPAUG")
    if home:
        sys.path.insert(0, home)
    try:
        import gdown  # noqa: F401
    except ImportError:
        # nlpaug 1.1 imports gdown at start-up, only to download models,
        # which no character augmenter needs; Debian has no package of it.
        sys.modules["gdown"] = types.ModuleType("gdown")
    try:
        import nlpaug
        import nlpaug.augmenter.char as nac
    except ImportError as e:  # the caller decides whether that is an error
        print(f"bench_nlpaug: nlpaug not importable: {e}", file=sys.stderr)
        sys.exit(3)
    return nlpaug, nac


def version(nlpaug):
    """nlpaug's version and, for a git checkout, its commit."""
    v = f"nlpaug {nlpaug.__version__}"
    home = os.path.dirname(os.path.dirname(os.path.abspath(nlpaug.__file__)))
    try:
        commit = subprocess.run(["git", "-C", home, "rev-parse", "--short=12", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
        v += f" ({commit})"
    except (OSError, subprocess.CalledProcessError):
        pass
    return v


def stress_stopwords():
    """The stopwords of stress's lexical selection, from perturb/select.go."""
    with open(os.path.join(ROOT, "perturb", "select.go"), encoding="utf-8") as f:
        m = re.search(r"var stopwords = .*?strings\.Fields\(`([^`]*)`\)", f.read(), re.S)
    if not m:
        raise SystemExit("bench_nlpaug: no stopword list in perturb/select.go")
    return frozenset(m.group(1).split())


def selection(stopwords, min_length=6, entity_run=4):
    """Returns stress's default selection (perturb.DefaultSelection) as a
    function of a token and its tag, as perturb.eligible decides it."""

    def letter_run(tok):
        best = cur = 0
        for c in tok:
            if c.isalpha():
                cur += 1
                best = max(best, cur)
            else:
                cur = 0
        return best

    def lexical(tok):
        # Go compares bytes first, then runes: a word of fewer bytes
        # has fewer letters.
        return len(tok) >= min_length and tok.isalpha() and tok.lower() not in stopwords

    def eligible(tok, tag):
        entity = tag != "" and tag != "O"
        if not entity and len(tok.encode()) < min_length:
            return False
        if entity and letter_run(tok) >= min(entity_run, min_length):
            return True
        return lexical(tok)

    return eligible


def same_words(cls, eligible):
    """cls with its word choice replaced by stress's selection of the
    sentence being augmented (its tags set in .tags beforehand)."""

    class SameWords(cls):
        tags = ()
        selected = 0  # words selected so far, for the report

        def pre_skip_aug(self, tokens, tuple_idx=None):
            idxes = [i for i, (tok, tag) in enumerate(zip(tokens, self.tags)) if eligible(tok, tag)]
            self.selected += len(idxes)
            return idxes

    return SameWords


def sentences(path):
    sent = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                if sent:
                    yield sent
                    sent = []
                continue
            fields = line.split("\t")
            sent.append((fields[0], fields[-1]))
    if sent:
        yield sent


def augmenter(nac, kind, eligible):
    common = dict(aug_char_min=1, aug_char_max=1, aug_word_p=1, aug_word_min=1, aug_word_max=None,
                  tokenizer=lambda s: s.split("\t"), reverse_tokenizer="\t".join)
    if kind == "keyboard":
        return same_words(nac.KeyboardAug, eligible)(
            include_special_char=True, include_numeric=True, include_upper_case=True, **common)
    if kind == "swap":
        return same_words(nac.RandomCharAug, eligible)(action="swap", swap_mode="adjacent", **common)
    raise SystemExit(f"bench_nlpaug: unknown kind {kind!r} (keyboard or swap)")


def main():
    nlpaug, nac = import_nlpaug()
    if sys.argv[1:] == ["--version"]:
        print(version(nlpaug))
        return
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    path = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    kinds = [sys.argv[3]] if len(sys.argv) > 3 else ["keyboard", "swap"]
    eligible = selection(stress_stopwords())
    sents = list(sentences(path))
    ntok = sum(len(s) for s in sents)
    for kind in kinds:
        random.seed(1)
        aug = augmenter(nac, kind, eligible)
        out = open(f"{prefix}_{kind}.tsv", "w", encoding="utf-8") if prefix else None
        t0 = time.process_time()
        for s in sents:
            tokens = [t for t, _ in s]
            aug.tags = [g for _, g in s]
            res = aug.augment("\t".join(tokens))
            new = (res[0] if isinstance(res, list) else res).split("\t")
            if len(new) != len(tokens):
                raise SystemExit(f"bench_nlpaug: {kind} made {len(new)} tokens of {len(tokens)}: {tokens!r} -> {new!r}")
            if out:
                out.write("".join(f"{t}\t{g}\n" for t, (_, g) in zip(new, s)) + "\n")
        secs = time.process_time() - t0
        if out:
            out.close()
        print(f"{kind}\t{ntok} tokens\t{aug.selected} words selected\t{secs:.2f} s\t{ntok / secs:,.0f} tokens/s")


if __name__ == "__main__":
    main()
