#!/usr/bin/env python3
"""Times nlpaug's KeyboardAug and RandomCharAug(swap) on a CoNLL corpus, the
way the stress sets of Araujo et al. were made: per sentence, on its tokens,
one character per selected word, words of 6 characters or more.

usage: bench_nlpaug.py CORPUS.tsv [OUT_PREFIX [keyboard|swap]]

nlpaug must be importable (pip install nlpaug, or PYTHONPATH=its checkout;
it needs numpy). Prints, per augmenter, the tokens, the seconds of the
augmentation loop alone (imports and file reading excluded) and tokens/s;
scripts/bench_nlpaug.sh runs it beside `stress perturb` on the same file.
"""
import sys
import time

try:
    import nlpaug.augmenter.char as nac
except ImportError as e:  # the caller decides whether that is an error
    print(f"bench_nlpaug: nlpaug not importable: {e}", file=sys.stderr)
    sys.exit(3)


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
            tok, tag = line.split("\t")[0], line.split("\t")[-1]
            sent.append((tok, tag))
    if sent:
        yield sent


def main():
    path = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    only = sys.argv[3] if len(sys.argv) > 3 else None
    sents = list(sentences(path))
    ntok = sum(len(s) for s in sents)
    common = dict(aug_char_min=1, aug_char_max=1, aug_word_p=0.35, aug_word_max=1000, min_char=6,
                  tokenizer=str.split, reverse_tokenizer=" ".join)
    augs = {
        "keyboard": nac.KeyboardAug(include_special_char=False, include_numeric=False, include_upper_case=False, **common),
        "swap": nac.RandomCharAug(action="swap", **common),
    }
    for name, aug in augs.items():
        if only and name != only:
            continue
        out = []
        t0 = time.perf_counter()
        for s in sents:
            text = " ".join(t for t, _ in s)
            res = aug.augment(text)
            out.append(res[0] if isinstance(res, list) else res)
        secs = time.perf_counter() - t0
        print(f"{name}\t{ntok} tokens\t{secs:.2f} s\t{ntok / secs:,.0f} tokens/s")
        if prefix:
            with open(f"{prefix}_{name}.txt", "w", encoding="utf-8") as f:
                f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
